// The security deposit with the built-in sandbox provider (the demo's): the card that paid is the
// one saved, a good card is authorised off-session before departure, the 3-D Secure card that asks
// every time is refused off-session (the customer and the owner told by e-mail), and the customer
// gives another card on manage my booking; the deposit's state as the customer reads it; a damage
// claim's e-mails, the customer's and the owner's, each in its reader's language (decision 40).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conditionReports, deposits, emailOutbox, sandboxPaymentIntents } from '../../../src/db/schema';
import { tendDeposits } from '../../../src/modules/deposits/deposit-service';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { buildTestApp } from '../../helpers/test-app';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { customerToken } from '../../helpers/manage-token';
import {
  CARDS,
  confirmReturn,
  createBoat,
  createSlot,
  HOUR,
  payByCard,
  RETURN_URL,
  sharedRequest,
  startCheckout,
} from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-06-01T09:00:00Z');
const DAY = new Date('2027-06-10T09:00:00Z');

describe('the security deposit (sandbox provider)', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const ownerId = await newOwner(t, { language: 'de' });
  const boat = await createBoat(db, { ownerId, depositCents: 25_000 });
  let offset = 0;

  async function book(card: string) {
    t.setNow(NOW);
    offset += 1;
    const trip = await createSlot(db, boat.id, {
      type: 'shared',
      start: new Date(DAY.getTime() + offset * 24 * HOUR),
      hours: 2,
      seatsTotal: 10,
      seatPriceCents: 2500,
    });
    const body = sharedRequest(
      boat.id,
      trip,
      { adults: 2, children50: 0, kidsFree: 0 },
      { customer: { name: 'Marta', email: 'marta@example.com' }, lang: 'es' },
    );
    const checkout = await startCheckout(t.app, {
      ...body,
      booking: { ...body.booking, depositAccepted: true },
    });
    const paid = await payByCard(t.app, checkout.clientSecret, card);
    if (paid.json<{ status: string }>().status === 'requires_action') {
      // The bank's page, approved: the card is authenticated now, with the customer present.
      const intent = (
        await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, checkout.intentId))
      )[0]!;
      const back = await t.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/authenticate',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          payment_intent: intent.id,
          payment_intent_client_secret: intent.clientSecret,
          return_url: RETURN_URL,
          decision: 'approve',
        }).toString(),
      });
      expect(back.statusCode).toBe(303);
    }
    expect((await confirmReturn(t.app, checkout.intentId)).statusCode).toBe(200);
    return { ...checkout, trip };
  }

  const depositRow = async (bookingId: string) =>
    (await db.select().from(deposits).where(eq(deposits.bookingId, bookingId)))[0];

  it('saves the card that paid and authorises the deposit off-session with it the day before', async () => {
    const { bookingId, intentId, trip } = await book(CARDS.ok);
    const [paidWith] = await db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, intentId));
    expect(paidWith).toMatchObject({ paymentMethod: 'pm_sbx_4242424242424242' });
    expect(paidWith?.customerId).toMatch(/^cus_sbx_/);

    t.setNow(new Date(trip.startsAt.getTime() - 20 * HOUR));
    await tendDeposits(t.ctx);
    const held = await depositRow(bookingId);
    expect(held).toMatchObject({ status: 'authorised', amountCents: 25_000 });
    const [auth] = await db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, held!.providerIntentId!));
    expect(auth).toMatchObject({
      status: 'requires_capture',
      captureMethod: 'manual',
      amountCents: 25_000,
      paymentMethod: 'pm_sbx_4242424242424242',
    });

    // The customer reads it on manage my booking.
    const token = await customerToken(t.ctx, bookingId);
    const seen = await t.app.inject(`/api/bookings/${bookingId}/deposit?token=${encodeURIComponent(token)}`);
    expect(seen.json()).toMatchObject({ deposit: { amount: 250, status: 'authorised', method: 'card' } });
    const forged = await t.app.inject(`/api/bookings/${bookingId}/deposit?token=x${token.slice(1)}`);
    expect(forged.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('a card that asks for authentication every time is refused off-session; the customer gives another card', async () => {
    const { bookingId, trip } = await book(CARDS.threeDs);
    t.setNow(new Date(trip.startsAt.getTime() - 20 * HOUR));
    await tendDeposits(t.ctx);
    expect(await depositRow(bookingId)).toMatchObject({ status: 'failed' });

    // Told at once: the customer in Spanish with the link to give another card, the owner in German.
    await queueEventEmails(t.ctx);
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, bookingId));
    const customer = mails.find((m) => m.kind === 'deposit_failed');
    expect(customer?.toAddress).toBe('marta@example.com');
    expect(customer?.subject).toContain('No se ha podido retener tu fianza');
    expect(customer?.textBody).toContain('250,00');
    const owner = mails.find((m) => m.kind === 'owner_deposit_failed');
    expect(owner?.subject).toContain('Kaution nicht reserviert');

    const token = await customerToken(t.ctx, bookingId);
    const card = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/deposit/card`,
      payload: { token },
    });
    expect(card.statusCode, card.body).toBe(200);
    const { clientSecret, amount } = card.json<{ clientSecret: string; amount: number }>();
    expect(amount).toBe(250);
    expect((await payByCard(t.app, clientSecret, CARDS.ok)).json()).toEqual({ status: 'requires_capture' });
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/deposit/confirm`,
      payload: { token },
    });
    expect(confirmed.json()).toMatchObject({ deposit: { status: 'authorised', failure: null } });

    // Held now: nothing more to fix.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/deposit/card`,
      payload: { token },
    });
    expect(again.statusCode).toBe(409);
  });

  it('tells the customer of a damage claim in Spanish with the deadline, and the owner its outcome in German', async () => {
    const { bookingId, trip } = await book(CARDS.ok);
    t.setNow(new Date(trip.startsAt.getTime() - 20 * HOUR));
    await tendDeposits(t.ctx);
    const photo = 'evidence-44444444-4444-4444-8444-444444444444';
    const signed = { values: {}, signature: 'M1 1 L2 2 L3 3 L4 4 L5 5 L6 6', signedBy: 'Marta' };
    await db.insert(conditionReports).values([
      { ...signed, bookingId, phase: 'departure', photos: [], recordedAt: trip.startsAt },
      { ...signed, bookingId, phase: 'return', photos: [photo], recordedAt: trip.endsAt },
    ]);
    t.setNow(new Date(trip.endsAt.getTime() + HOUR));
    const claimed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/deposit/claim`,
      headers: bearer(await tokenFor(t, 'owner', { ownerId })),
      payload: { amount: 60, note: 'Hélice doblada', photos: [photo] },
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const token = await customerToken(t.ctx, bookingId);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/deposit/claim/answer`,
      payload: { token, decision: 'accept' },
    });
    expect(accepted.json()).toMatchObject({ deposit: { status: 'captured', captured: 60 } });
    const [auth] = await db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, (await depositRow(bookingId))!.providerIntentId!));
    expect(auth).toMatchObject({ status: 'succeeded', amountCapturedCents: 6000 });

    await queueEventEmails(t.ctx);
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, bookingId));
    const claim = mails.find((m) => m.kind === 'deposit_claimed');
    expect(claim?.toAddress).toBe('marta@example.com');
    expect(claim?.subject).toContain('Una reclamación por daños contra tu fianza');
    expect(claim?.textBody).toContain('60,00');
    expect(claim?.textBody).toContain('Hélice doblada');
    expect(claim?.textBody).toContain('(hora de Canarias)');
    const owner = mails.find((m) => m.kind === 'owner_claim_outcome');
    expect(owner?.subject).toContain('Schadensanspruch erledigt');
    expect(owner?.textBody).toContain('vom Kunden angenommen');
  });
});
