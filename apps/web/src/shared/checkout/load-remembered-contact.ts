// The tab's remembered contact details (contact-memory.ts), with contact-memory and its schema
// imported on the call: the booking flow asks for them when it takes a hold, and zod need not
// come with the flow (checkout-api.ts says why).
import type { OnlineBookingContact } from '@boats/domain/schemas/contact';

export async function loadRememberedContact(): Promise<OnlineBookingContact | undefined> {
  const { rememberedContact } = await import('./contact-memory');
  return rememberedContact();
}
