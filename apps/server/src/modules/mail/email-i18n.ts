// The e-mails' texts: apps/web/public/locales/{lang}/email.json, read through locale-texts.ts.
import { localeTexts } from '../../locale-texts';

/** The e-mail texts in one language. */
export const emailTexts = localeTexts('email');

/**
 * A label and its value as the language writes them: "Date: 25/11/2026", and in French
 * "Date : 25/11/2026" (a no-break space before the colon). Without a value, the label that
 * opens a list or a quote ("Votre message :"). Every label of an e-mail goes through here.
 */
export function labelled(language: string, label: string, value?: string): string {
  const colon = language === 'fr' ? '\u00a0:' : ':';
  return value === undefined ? `${label}${colon}` : `${label}${colon} ${value}`;
}
