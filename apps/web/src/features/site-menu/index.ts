export { FloatingBook } from './floating-book';
export { SiteMenu } from './site-menu';
