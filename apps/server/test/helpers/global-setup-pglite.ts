import { preparePgliteTemplates } from './templates-setup';

export default preparePgliteTemplates;
