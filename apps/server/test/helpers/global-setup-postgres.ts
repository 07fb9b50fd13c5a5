import { preparePostgresTemplates } from './templates-setup';

export default preparePostgresTemplates;
