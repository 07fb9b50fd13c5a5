// The contact details typed on the payment step, kept for this tab (sessionStorage), so a
// reload or the way back from the bank page does not make the customer type them again.
import { onlineBookingContactSchema, type OnlineBookingContact } from '@boats/domain/schemas/contact';

export type ContactValues = { name: string; email: string; phone: string };

const KEY = 'booking.contact';
const empty: ContactValues = { name: '', email: '', phone: '' };

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function readContact(): ContactValues {
  try {
    const saved = JSON.parse(storage()?.getItem(KEY) ?? 'null') as Partial<ContactValues> | null;
    return { ...empty, ...saved };
  } catch {
    return { ...empty };
  }
}

export function saveContact(values: Partial<ContactValues> | undefined): void {
  storage()?.setItem(KEY, JSON.stringify({ ...empty, ...values }));
}

/**
 * The kept details when they are complete. They travel with the next hold, so a checkout whose
 * customer is already known starts on the full hold (the server's short first hold is for
 * strangers) and the payment step has nothing to save before the card.
 */
export function rememberedContact(): OnlineBookingContact | undefined {
  const parsed = onlineBookingContactSchema.safeParse(readContact());
  return parsed.success ? parsed.data : undefined;
}
