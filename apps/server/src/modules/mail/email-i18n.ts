// The e-mails' texts: apps/web/public/locales/{lang}/email.json, read through locale-texts.ts.
import { localeTexts } from '../../locale-texts';

/** The e-mail texts in one language. */
export const emailTexts = localeTexts('email');
