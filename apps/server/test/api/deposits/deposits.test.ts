// The security deposit (docs/payments.md#the-security-deposit) through the Stripe adapter and the
// official SDK against the local Stripe fake: the card saved at booking, the off-session
// authorisation before departure, a partial capture, a release, a card that fails off-session
// mended at the harbour, an authorisation that lapses; and the ledger and the owner's earnings,
// which keep deposits apart from the booking's price.
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { bookings, deposits, domainEvents, ownerEarningLines, payments } from '../../../src/db/schema';
import { tendDeposits } from '../../../src/modules/deposits/deposit-service';
import { ledgerOf } from '../../../src/modules/payments/ledger';
import { STRIPE_TEST_KEYS, stripeTestApp } from '../../helpers/stripe-test-app';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { createBoat, createSlot, HOUR, sharedRequest } from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-06-01T09:00:00Z');
const DAY = new Date('2027-06-10T09:00:00Z');

describe('the security deposit (Stripe SDK against the fake)', async () => {
  const { t, fake } = await stripeTestApp(NOW);
  const db = t.ctx.db;
  const ownerId = await newOwner(t);
  // A self-drive boat asking a €300 deposit, of a partner owner.
  const boat = await createBoat(db, { ownerId, requiresLicense: true, depositCents: 30_000 });
  // Signed at the app's clock when used (the tests move it by days; a token lasts minutes).
  const headersOf = async (role: 'admin' | 'owner' | 'stranger' | 'crew' | 'otherCrew') =>
    bearer(
      role === 'admin'
        ? await tokenFor(t, 'admin')
        : role === 'crew' || role === 'otherCrew'
          ? await tokenFor(t, 'crew', role === 'crew' ? { ownerId } : {})
          : await tokenFor(t, 'owner', role === 'owner' ? { ownerId } : {}),
    );
  let offset = 0;

  async function newTrip() {
    offset += 1;
    return createSlot(db, boat.id, {
      type: 'shared',
      start: new Date(DAY.getTime() + offset * 24 * HOUR),
      hours: 2,
      seatsTotal: 10,
      seatPriceCents: 2500,
    });
  }

  function depositRequest(trip: Awaited<ReturnType<typeof newTrip>>, accepted: boolean | undefined) {
    const body = sharedRequest(
      boat.id,
      trip,
      { adults: 2, children50: 0, kidsFree: 0 },
      { customer: { name: 'Ana', email: 'ana@example.com' } },
    );
    return {
      ...body,
      booking: {
        ...body.booking,
        licenceConfirmed: true,
        ...(accepted === undefined ? {} : { depositAccepted: accepted }),
      },
    };
  }

  /** A paid booking of the boat: the card typed in Stripe's Payment Element, saved for the deposit. */
  async function paidBooking() {
    t.setNow(NOW);
    const trip = await newTrip();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/boat/payment-intent',
      payload: depositRequest(trip, true),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { clientSecret, bookingId } = res.json<{ clientSecret: string; bookingId: string }>();
    const intentId = clientSecret.split('_secret_')[0]!;
    fake.succeed(intentId);
    const confirmed = await t.app.inject(`/checkout/confirm?payment_intent=${intentId}`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { bookingId, intentId, trip };
  }

  const webhook = (type: string, object: Record<string, unknown>, id: string) => {
    const payload = JSON.stringify({ id, object: 'event', type, data: { object } });
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: STRIPE_TEST_KEYS.webhook,
        }),
      },
      payload,
    });
  };

  const depositRow = async (bookingId: string) =>
    (await db.select().from(deposits).where(eq(deposits.bookingId, bookingId)))[0];

  /** The job, the day before departure (DEPOSIT_HOURS_BEFORE = 24 by default). */
  async function authoriseBefore(trip: { startsAt: Date }) {
    t.setNow(new Date(trip.startsAt.getTime() - 23 * HOUR));
    await tendDeposits(t.ctx);
  }

  const depositLines = (bookingId: string) =>
    db
      .select()
      .from(ownerEarningLines)
      .where(and(eq(ownerEarningLines.bookingId, bookingId), eq(ownerEarningLines.kind, 'deposit')));

  it('refuses a checkout whose customer did not agree to the deposit, naming the field and the amount', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/boat/payment-intent',
      payload: depositRequest(await newTrip(), undefined),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'deposit_not_accepted',
      details: { field: 'booking.depositAccepted' },
    });
    expect(res.json<{ message: string }>().message).toContain('€300.00');
  });

  it('saves the card at booking and authorises the deposit off-session the day before, apart from the price', async () => {
    const { bookingId, intentId, trip } = await paidBooking();
    // The booking's intent saved the card to a Stripe customer, with off-session use.
    const created = fake.requests.find(
      (r) => r.path === '/v1/payment_intents' && r.form.get('metadata[bookingId]') === bookingId,
    );
    expect(created?.form.get('setup_future_usage')).toBe('off_session');
    const customer = created?.form.get('customer');
    expect(customer).toMatch(/^cus_fake_/);
    expect(fake.customers.get(customer!)?.email).toBe('ana@example.com');

    // Before its time nothing is held.
    expect(await depositRow(bookingId)).toMatchObject({ status: 'scheduled', amountCents: 30_000 });
    t.setNow(new Date(trip.startsAt.getTime() - 25 * HOUR));
    await tendDeposits(t.ctx);
    expect(await depositRow(bookingId)).toMatchObject({ status: 'scheduled' });

    await authoriseBefore(trip);
    const held = await depositRow(bookingId);
    expect(held).toMatchObject({ status: 'authorised', method: 'card' });
    const auth = fake.intents.get(held!.providerIntentId!);
    expect(auth).toMatchObject({
      amount: 30_000,
      capture_method: 'manual',
      status: 'requires_capture',
      customer,
      payment_method: fake.intents.get(intentId)?.payment_method,
    });
    const offSession = fake.requests.find(
      (r) => r.path === '/v1/payment_intents' && r.form.get('metadata[depositId]') === held!.id,
    );
    expect(offSession?.form.get('off_session')).toBe('true');
    expect(offSession?.form.get('confirm')).toBe('true');

    // The deposit is no payment of the booking: the ledger holds the price only.
    const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(await ledgerOf(db, bookingId)).toMatchObject({ receivedCents: row!.amountGrossCents });
    expect(await db.select().from(payments).where(eq(payments.bookingId, bookingId))).toHaveLength(1);

    // The owner and the admin see it held; another owner does not find it.
    const seen = await t.app.inject({
      url: `/api/admin/bookings/${bookingId}/deposit`,
      headers: await headersOf('owner'),
    });
    expect(seen.json()).toMatchObject({ deposit: { amount: 300, status: 'authorised', method: 'card' } });
    const other = await t.app.inject({
      url: `/api/admin/bookings/${bookingId}/deposit`,
      headers: await headersOf('stranger'),
    });
    expect(other.statusCode).toBe(404);
  });

  it('follows its booking to a new date: held the day before the new departure, not the old one', async () => {
    const { bookingId, trip } = await paidBooking();
    const later = new Date(trip.startsAt.getTime() + 5 * 24 * HOUR);
    await db
      .update(bookings)
      .set({ startsAt: later, endsAt: new Date(later.getTime() + 2 * HOUR) })
      .where(eq(bookings.id, bookingId));
    await authoriseBefore(trip);
    expect(await depositRow(bookingId)).toMatchObject({
      status: 'scheduled',
      authoriseAt: new Date(later.getTime() - 24 * HOUR),
    });
    await authoriseBefore({ startsAt: later });
    expect(await depositRow(bookingId)).toMatchObject({ status: 'authorised' });
  });

  it('captures part of the deposit for damage with a reason: the rest released, the part the owner’s without commission, once', async () => {
    const { bookingId, trip } = await paidBooking();
    await authoriseBefore(trip);
    const held = await depositRow(bookingId);
    t.setNow(new Date(trip.endsAt.getTime() + 2 * HOUR));

    const tooMuch = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/deposit/capture`,
      headers: await headersOf('owner'),
      payload: { amount: 300.01, reason: 'Propeller bent on the rocks' },
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ error: 'capture_exceeds_deposit' });
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/deposit/capture`,
      headers: await headersOf('stranger'),
      payload: { amount: 10, reason: 'Not my boat' },
    });
    expect(elsewhere.statusCode).toBe(404);

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/deposit/capture`,
      headers: await headersOf('owner'),
      payload: { amount: 120.5, reason: 'Propeller bent on the rocks' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      deposit: { status: 'captured', captured: 120.5, reason: 'Propeller bent on the rocks' },
    });
    // Stripe captured that part (amount_to_capture); the rest of the authorisation is released.
    expect(fake.intents.get(held!.providerIntentId!)).toMatchObject({
      status: 'succeeded',
      amount_received: 12_050,
    });
    const capture = fake.requests.find(
      (r) => r.path === `/v1/payment_intents/${held!.providerIntentId}/capture`,
    );
    expect(capture?.form.get('amount_to_capture')).toBe('12050');

    // The owner's earning: one line of its own, no fee; the booking's price untouched.
    expect(await depositLines(bookingId)).toMatchObject([
      { kind: 'deposit', netCents: 12_050, feeCents: 0, ownerCents: 12_050, ownerId },
    ]);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(await ledgerOf(db, bookingId)).toMatchObject({
      receivedCents: row!.amountGrossCents,
      refundedCents: 0,
    });
    // Stripe's webhooks about the deposit's intent (authorised, captured) are no payment of the
    // booking: received, ignored, the ledger unchanged.
    for (const type of ['payment_intent.amount_capturable_updated', 'payment_intent.succeeded']) {
      const hook = await webhook(
        type,
        { id: held!.providerIntentId!, object: 'payment_intent' },
        `evt_${type}_${bookingId}`,
      );
      expect(hook.json()).toEqual({ received: true, ignored: true });
    }
    expect(await db.select().from(payments).where(eq(payments.bookingId, bookingId))).toHaveLength(1);
    expect(await db.select().from(payments).where(eq(payments.providerId, held!.providerIntentId!))).toEqual(
      [],
    );

    // The owner's statement: a line of its own, gross = net = share, no refund, no fee.
    const statement = await t.app.inject({
      url: '/api/owner/statement?month=2027-06',
      headers: await headersOf('owner'),
    });
    expect(statement.statusCode, statement.body).toBe(200);
    const lines = statement.json<{ lines: { kind: string; bookingId: string | null }[] }>().lines;
    expect(lines.filter((l) => l.bookingId === bookingId)).toMatchObject([
      { kind: 'deposit', gross: 120.5, refunds: 0, net: 120.5, fee: 0, share: 120.5 },
    ]);

    // Decided once: a second capture or a release is refused, and no second line is written.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/deposit/capture`,
      headers: await headersOf('admin'),
      payload: { amount: 10, reason: 'Again' },
    });
    expect(again.json()).toMatchObject({ error: 'deposit_not_held' });
    const release = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/deposit/release`,
      headers: await headersOf('admin'),
    });
    expect(release.statusCode).toBe(409);
    expect(await depositLines(bookingId)).toHaveLength(1);

    // The customer is told (an event the e-mail job reads), the call is in the audit trail.
    const events = await db.select().from(domainEvents).where(eq(domainEvents.bookingId, bookingId));
    expect(events.map((e) => e.kind)).toContain('booking.deposit_captured');
  });

  it('releases the deposit in full after the return: the authorisation canceled, nothing earned', async () => {
    const { bookingId, trip } = await paidBooking();
    await authoriseBefore(trip);
    const held = await depositRow(bookingId);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/deposit/release`,
      headers: await headersOf('admin'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ deposit: { status: 'released', captured: 0 } });
    expect(fake.intents.get(held!.providerIntentId!)).toMatchObject({
      status: 'canceled',
      amount_received: 0,
    });
    expect(await depositLines(bookingId)).toEqual([]);
  });

  it('a card that wants the customer present fails off-session: told at once, then taken at the harbour and released', async () => {
    const { bookingId, intentId, trip } = await paidBooking();
    fake.requireAuthentication(fake.intents.get(intentId)!.payment_method!);
    await authoriseBefore(trip);
    const failed = await depositRow(bookingId);
    expect(failed).toMatchObject({ status: 'failed', providerIntentId: null });
    expect(failed?.failure).toContain('authentication_required');
    const events = await db.select().from(domainEvents).where(eq(domainEvents.bookingId, bookingId));
    expect(events.filter((e) => e.kind === 'booking.deposit_failed')).toHaveLength(1);
    // The next run does not try the same card again.
    await tendDeposits(t.ctx);
    expect(await depositRow(bookingId)).toMatchObject({ status: 'failed', attempts: 1 });

    // Crew take it in cash at the harbour, recorded like a payment taken in person; another
    // owner's crew do not find the booking.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/api/crew/bookings/${bookingId}/deposit/harbour`,
      headers: await headersOf('otherCrew'),
      payload: { method: 'cash' },
    });
    expect(elsewhere.statusCode).toBe(404);
    const cash = await t.app.inject({
      method: 'POST',
      url: `/api/crew/bookings/${bookingId}/deposit/harbour`,
      headers: await headersOf('crew'),
      payload: { method: 'cash' },
    });
    expect(cash.statusCode, cash.body).toBe(200);
    expect(cash.json()).toMatchObject({ deposit: { status: 'authorised', method: 'cash', lapsesAt: null } });
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/deposit/harbour`,
      headers: await headersOf('owner'),
      payload: { method: 'cash' },
    });
    expect(twice.json()).toMatchObject({ error: 'deposit_decided' });

    // A cash deposit never lapses; released, it is handed back.
    t.setNow(new Date(trip.startsAt.getTime() + 10 * 24 * HOUR));
    await tendDeposits(t.ctx);
    expect(await depositRow(bookingId)).toMatchObject({ status: 'authorised', method: 'cash' });
    const released = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/deposit/release`,
      headers: await headersOf('owner'),
    });
    expect(released.json()).toMatchObject({ deposit: { status: 'released', method: 'cash' } });
  });

  it('lapses an authorisation nobody decided on within the card networks’ window; a capture then is refused', async () => {
    const { bookingId, trip } = await paidBooking();
    await authoriseBefore(trip);
    const held = await depositRow(bookingId);
    expect(held!.lapsesAt!.getTime() - held!.authorisedAt!.getTime()).toBe(7 * 24 * HOUR);
    // Stripe canceled it on its own (the window passed): a capture finds nothing to take.
    fake.lapse(held!.providerIntentId!);
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/deposit/capture`,
      headers: await headersOf('admin'),
      payload: { amount: 50, reason: 'Scratched hull' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'deposit_lapsed' });
    expect(await depositRow(bookingId)).toMatchObject({ status: 'lapsed', capturedCents: 0 });
    expect(await depositLines(bookingId)).toEqual([]);

    // Another one reaches its lapse time with the job: canceled at Stripe, lapsed here.
    const second = await paidBooking();
    await authoriseBefore(second.trip);
    const secondHeld = await depositRow(second.bookingId);
    t.setNow(new Date(secondHeld!.lapsesAt!.getTime() + 1000));
    await tendDeposits(t.ctx);
    expect(await depositRow(second.bookingId)).toMatchObject({ status: 'lapsed' });
    expect(fake.intents.get(secondHeld!.providerIntentId!)).toMatchObject({ status: 'canceled' });
  });

  it('holds nothing for a booking canceled before its deposit was due', async () => {
    const { bookingId, trip } = await paidBooking();
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/cancel`,
      headers: await headersOf('admin'),
      payload: { reason: 'test' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await authoriseBefore(trip);
    expect(await depositRow(bookingId)).toMatchObject({ status: 'canceled', providerIntentId: null });
    expect(
      fake.requests.filter(
        (r) => r.form.get('metadata[depositOf]') === bookingId && r.form.get('off_session'),
      ),
    ).toEqual([]);

    // One held already when its booking is canceled: the job lets the authorisation go.
    const second = await paidBooking();
    await authoriseBefore(second.trip);
    const held = await depositRow(second.bookingId);
    const canceled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${second.bookingId}/cancel`,
      headers: await headersOf('admin'),
      payload: { reason: 'test' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    await tendDeposits(t.ctx);
    expect(await depositRow(second.bookingId)).toMatchObject({ status: 'released', decidedBy: 'system' });
    expect(fake.intents.get(held!.providerIntentId!)).toMatchObject({ status: 'canceled' });
  });
});
