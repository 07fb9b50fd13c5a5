export { FloatingBook } from './floating-book';
export { SiteMenu } from './site-menu';
export { SiteHeader } from './site-header';
export { SiteFooter } from './site-footer';
export { LinkPage } from './link-page';
