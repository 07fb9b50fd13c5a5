export { PreferencesButton } from './preferences-button';
