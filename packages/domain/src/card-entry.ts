/**
 * Card fields as a person types them on a phone: the expiry field opens a numeric keypad (no
 * "/" key), so the slash is added for them, and Pay says why it is not ready yet.
 */

/**
 * What the expiry field shows for what was typed: digits only, "MM/YY". A first digit above 1
 * is a month on its own ("4" → "04/"); the slash appears once the month is whole, and deleting
 * it (typing back over "12/") removes it rather than bringing it back.
 */
export function formatCardExpiry(typed: string, previous = ''): string {
  const deleting = typed.length < previous.length;
  let digits = typed.replace(/\D/g, '').slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** The card number in groups of four, as printed on the card. */
export function formatCardNumber(typed: string): string {
  return typed
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

export type CardProblem = 'number' | 'expiry' | 'expired' | 'cvc';

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

/** Why the card cannot be paid with yet, first field first; empty when it is ready. */
export function cardProblems(card: CardFields, now: Date): CardProblem[] {
  const problems: CardProblem[] = [];
  const number = card.number.replace(/\D/g, '');
  if (number.length < 12 || number.length > 19) problems.push('number');
  const expiry = /^(\d{2})\/(\d{2})$/.exec(card.expiry.trim());
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) problems.push('expiry');
  else {
    const year = 2000 + Number(expiry[2]);
    // A card is valid to the end of its expiry month.
    const ends = Date.UTC(year, month, 1);
    if (ends <= now.getTime()) problems.push('expired');
  }
  const cvc = card.cvc.replace(/\D/g, '');
  if (cvc.length < 3 || cvc.length > 4) problems.push('cvc');
  return problems;
}
