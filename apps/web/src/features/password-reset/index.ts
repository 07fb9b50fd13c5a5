export { ResetPasswordPage } from './reset-password-page';
