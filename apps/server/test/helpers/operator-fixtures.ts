// Paid bookings made the way a customer makes them (payment intent, sandbox card, confirm), so
// the operator tests see real tickets, payments and history.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { tickets, type boats } from '../../src/db/schema';
import type { TestApp } from './test-app';
import { card, CARDS, charterRequest, sharedRequest } from './checkout-fixtures';

type Customer = { name: string; email: string; phone: string };
type SlotLike = { id: string; startsAt: Date; endsAt: Date; seatPriceCents: number };

async function payAndConfirm(t: TestApp, body: object): Promise<string> {
  const intent = await t.app.inject({ method: 'POST', url: '/api/boat/payment-intent', payload: body });
  expect(intent.statusCode, intent.body).toBe(200);
  const { clientSecret, bookingId } = intent.json<{ clientSecret: string; bookingId: string }>();
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/confirm',
    payload: { clientSecret, card: card(CARDS.ok), returnUrl: 'http://localhost:3000/booking' },
  });
  expect(paid.json()).toEqual({ status: 'succeeded' });
  const intentId = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
  const confirmed = await t.app.inject({ url: `/checkout/confirm?payment_intent=${intentId}` });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return bookingId;
}

export async function buySeats(
  t: TestApp,
  boatId: string,
  slot: SlotLike,
  passengers: { adults: number; children50?: number; kidsFree?: number },
  customer: Customer,
  lang: 'en' | 'es' | 'ru' = 'en',
): Promise<{ bookingId: string; codes: string[] }> {
  const body = sharedRequest(
    boatId,
    slot,
    { adults: passengers.adults, children50: passengers.children50 ?? 0, kidsFree: passengers.kidsFree ?? 0 },
    { customer, lang },
  );
  const bookingId = await payAndConfirm(t, body);
  const rows = await t.ctx.db.select().from(tickets).where(eq(tickets.bookingId, bookingId));
  return { bookingId, codes: rows.sort((a, b) => a.seatNo - b.seatNo).map((r) => r.code) };
}

export async function buyCharter(
  t: TestApp,
  boat: typeof boats.$inferSelect,
  slot: { id: string; startsAt: Date },
  hours: number,
  customer: Customer,
): Promise<string> {
  return payAndConfirm(t, charterRequest(boat, slot, hours, { customer, lang: 'en' }));
}
