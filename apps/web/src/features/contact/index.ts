export { ContactSection } from './contact-section';
