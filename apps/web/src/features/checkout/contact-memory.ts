// The contact details typed on the payment step, kept for this tab (sessionStorage), so a
// reload or the way back from the bank page does not make the customer type them again.
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
