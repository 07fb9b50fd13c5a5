import i18n, { LANGUAGE_STORAGE_KEY, type Language } from './i18n';

/** Switches the site's language now and keeps it for the next visits. */
export function chooseLanguage(lng: Language): void {
  void i18n.changeLanguage(lng);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // storage blocked: the switch still applies to this visit
  }
}
