export { LandingPage } from './landing-page';
export { SiteFooter } from './site-footer';
