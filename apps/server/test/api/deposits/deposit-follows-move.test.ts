// A booking with a security deposit moved to a later date (docs/payments.md#the-security-deposit):
// the card's authorisation would lapse before the new return and the time a claim needs after it,
// so the deposit follows the booking (let go at the provider, scheduled again, held anew the day
// before the new departure); a move within the window keeps it; a deposit not yet held follows the
// new date; a failed one waits for its fix; one taken at the harbour never lapses and stays.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deposits } from '../../../src/db/schema';
import { tendDeposits } from '../../../src/modules/deposits/deposit-service';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { customerToken } from '../../helpers/manage-token';
import { stripeTestApp } from '../../helpers/stripe-test-app';
import { createBoat, createSlot, HOUR, sharedRequest } from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-06-01T09:00:00Z');
const DAY = new Date('2027-06-10T09:00:00Z');
const DAYS = 24 * HOUR;

describe('the deposit follows its booking moved later', async () => {
  const { t, fake } = await stripeTestApp(NOW);
  const db = t.ctx.db;
  const ownerId = await newOwner(t);
  // Its customers may change the date until 12 hours before departure: after the deposit is held.
  const boat = await createBoat(db, {
    ownerId,
    requiresLicense: true,
    depositCents: 30_000,
    reschedulePolicy: { allowed: true, hoursBefore: 12, maxTimes: 1, feeCents: 0 },
  });
  let clients = 0;

  const tripOn = (start: Date) =>
    createSlot(db, boat.id, { type: 'shared', start, hours: 2, seatsTotal: 10, seatPriceCents: 2500 });

  /** A paid booking of the boat on `start`, its card saved for the deposit. */
  async function paidBooking(start: Date) {
    t.setNow(NOW);
    const trip = await tripOn(start);
    const body = sharedRequest(
      boat.id,
      trip,
      { adults: 2, children50: 0, kidsFree: 0 },
      { customer: { name: 'Ana', email: 'ana@example.com' } },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/boat/payment-intent',
      payload: { ...body, booking: { ...body.booking, licenceConfirmed: true, depositAccepted: true } },
      remoteAddress: `198.51.100.${++clients}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { clientSecret, bookingId } = res.json<{ clientSecret: string; bookingId: string }>();
    const intentId = clientSecret.split('_secret_')[0]!;
    fake.succeed(intentId);
    expect((await t.app.inject(`/checkout/confirm?payment_intent=${intentId}`)).statusCode).toBe(200);
    return { bookingId, intentId, trip };
  }

  /** The customer moves the booking on manage my booking to a trip of the same price. */
  async function moveTo(bookingId: string, start: Date) {
    const target = await tripOn(start);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/reschedule`,
      payload: { token: await customerToken(t.ctx, bookingId), slotId: target.id, expectedDifference: 0 },
      remoteAddress: `198.51.100.${++clients}`,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  const depositRow = async (bookingId: string) =>
    (await db.select().from(deposits).where(eq(deposits.bookingId, bookingId)))[0]!;
  /** The job at `at`. */
  const jobAt = async (at: Date) => {
    t.setNow(at);
    await tendDeposits(t.ctx);
  };

  it('held on the card, moved three weeks later: let go, held again the day before the new departure', async () => {
    const { bookingId } = await paidBooking(DAY);
    await jobAt(new Date(DAY.getTime() - 23 * HOUR));
    const held = await depositRow(bookingId);
    expect(held).toMatchObject({ status: 'authorised', method: 'card' });

    const later = new Date(DAY.getTime() + 21 * DAYS);
    await moveTo(bookingId, later);
    await jobAt(new Date(DAY.getTime() - 22 * HOUR));
    expect(await depositRow(bookingId)).toMatchObject({
      status: 'scheduled',
      providerIntentId: null,
      lapsesAt: null,
      authoriseAt: new Date(later.getTime() - 24 * HOUR),
    });
    // Nothing stays held on the customer's card meanwhile.
    expect(fake.intents.get(held.providerIntentId!)?.status).toBe('canceled');

    // The day before the new departure the job holds it again, a new authorisation that lasts
    // past the new return.
    await jobAt(new Date(later.getTime() - 23 * HOUR));
    const again = await depositRow(bookingId);
    expect(again).toMatchObject({ status: 'authorised', method: 'card' });
    expect(again.providerIntentId).not.toBe(held.providerIntentId);
    expect(fake.intents.get(again.providerIntentId!)?.status).toBe('requires_capture');
    expect(again.lapsesAt!.getTime()).toBeGreaterThan(later.getTime() + 3 * DAYS);
  });

  it('moved two days later, within the window: the same authorisation is kept', async () => {
    const start = new Date(DAY.getTime() + 1 * DAYS + 3 * HOUR);
    const { bookingId } = await paidBooking(start);
    await jobAt(new Date(start.getTime() - 23 * HOUR));
    const held = await depositRow(bookingId);
    await moveTo(bookingId, new Date(start.getTime() + 2 * DAYS));
    await jobAt(new Date(start.getTime() - 22 * HOUR));
    const after = await depositRow(bookingId);
    expect(after).toMatchObject({ status: 'authorised', providerIntentId: held.providerIntentId });
    expect(fake.intents.get(held.providerIntentId!)?.status).toBe('requires_capture');
  });

  it('not yet held: it follows the new date, held the day before it', async () => {
    const start = new Date(DAY.getTime() + 2 * DAYS + 6 * HOUR);
    const { bookingId } = await paidBooking(start);
    const later = new Date(start.getTime() + 20 * DAYS);
    await moveTo(bookingId, later);
    await jobAt(new Date(start.getTime() - 23 * HOUR));
    expect(await depositRow(bookingId)).toMatchObject({
      status: 'scheduled',
      authoriseAt: new Date(later.getTime() - 24 * HOUR),
    });
  });

  it('failed on the card: it stays failed, waiting for another card or the harbour', async () => {
    const start = new Date(DAY.getTime() + 3 * DAYS + 9 * HOUR);
    const { bookingId, intentId } = await paidBooking(start);
    fake.requireAuthentication(fake.intents.get(intentId)!.payment_method!);
    await jobAt(new Date(start.getTime() - 23 * HOUR));
    expect(await depositRow(bookingId)).toMatchObject({ status: 'failed' });
    await moveTo(bookingId, new Date(start.getTime() + 20 * DAYS));
    await jobAt(new Date(start.getTime() - 22 * HOUR));
    expect(await depositRow(bookingId)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('taken in cash at the harbour: it never lapses, so a move keeps it held', async () => {
    const start = new Date(DAY.getTime() + 4 * DAYS + 12 * HOUR);
    const { bookingId } = await paidBooking(start);
    t.setNow(new Date(start.getTime() - 20 * HOUR));
    const cash = await t.app.inject({
      method: 'POST',
      url: `/api/crew/bookings/${bookingId}/deposit/harbour`,
      headers: bearer(await tokenFor(t, 'crew', { ownerId })),
      payload: { method: 'cash' },
    });
    expect(cash.statusCode, cash.body).toBe(200);
    await moveTo(bookingId, new Date(start.getTime() + 20 * DAYS));
    await jobAt(new Date(start.getTime() - 19 * HOUR));
    expect(await depositRow(bookingId)).toMatchObject({ status: 'authorised', method: 'cash' });
  });
});
