// The security deposit (docs/payments.md#the-security-deposit) through the Stripe adapter and the
// official SDK against the local Stripe fake: the card saved at booking, the off-session
// authorisation before departure, a damage claim captured in part (docs/decisions/0040), a
// release, a card that fails off-session mended at the harbour, an authorisation that lapses; and
// the ledger and the owner's earnings, which keep deposits apart from the booking's price.
import { formatCanaryDate } from '@boats/domain/canary-time';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  bookingHistory,
  bookings,
  conditionReports,
  depositClaims,
  deposits,
  domainEvents,
  emailOutbox,
  ownerEarningLines,
  payments,
} from '../../../src/db/schema';
import { tendClaims } from '../../../src/modules/deposits/claim-service';
import { tendDeposits } from '../../../src/modules/deposits/deposit-service';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { customerToken } from '../../helpers/manage-token';
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

  const PHOTOS = [
    'evidence-11111111-1111-4111-8111-111111111111',
    'evidence-22222222-2222-4222-8222-222222222222',
  ];

  /** Crew recorded the departure and, at `at`, the return with two photos (signed by the customer). */
  async function returned(bookingId: string, at: Date) {
    const signed = { values: {}, signature: 'M1 1 L2 2 L3 3 L4 4 L5 5 L6 6', signedBy: 'Ana' };
    await db.insert(conditionReports).values([
      { ...signed, bookingId, phase: 'departure', photos: [], recordedAt: new Date(at.getTime() - 3 * HOUR) },
      { ...signed, bookingId, phase: 'return', photos: PHOTOS, recordedAt: at },
    ]);
  }

  /** A paid booking whose deposit is held on the card and whose boat came back at its end. */
  async function heldAndReturned() {
    const booked = await paidBooking();
    await authoriseBefore(booked.trip);
    await returned(booked.bookingId, booked.trip.endsAt);
    t.setNow(new Date(booked.trip.endsAt.getTime() + 2 * HOUR));
    return { ...booked, held: (await depositRow(booked.bookingId))! };
  }

  const claim = async (
    bookingId: string,
    as: 'admin' | 'owner' | 'stranger',
    body: Record<string, unknown> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/deposit/claim`,
      headers: await headersOf(as),
      payload: { amount: 120.5, note: 'Propeller bent on the rocks', photos: [PHOTOS[1]], ...body },
    });

  /** A deposit taken in cash at the harbour, recorded by crew (or in the back office). */
  const cashAtHarbour = async (
    bookingId: string,
    as: 'crew' | 'otherCrew' | 'owner',
    route: 'crew' | 'admin' = 'crew',
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/${route}/bookings/${bookingId}/deposit/harbour`,
      headers: await headersOf(as),
      payload: { method: 'cash' },
    });

  /** The e-mail a dispute queued for the operator, who alone decides it. */
  async function disputeNotice(bookingId: string) {
    await queueEventEmails(t.ctx);
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, bookingId));
    const notice = mails.find((m) => m.kind === 'claim_disputed');
    expect(notice).toMatchObject({ toAddress: t.ctx.config.OPERATOR_EMAIL });
    return notice;
  }

  const answer = async (bookingId: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/deposit/claim/answer`,
      payload: { token: await customerToken(t.ctx, bookingId), ...body },
    });

  const decide = async (bookingId: string, as: 'admin' | 'owner', amount: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/deposit-claims/${bookingId}/decision`,
      headers: await headersOf(as),
      payload: { amount, reason: 'The photos show an old scratch, the propeller is new damage' },
    });

  const claimRow = async (bookingId: string) =>
    (await db.select().from(depositClaims).where(eq(depositClaims.bookingId, bookingId)))[0];
  const historyCodes = async (bookingId: string) =>
    (await db.select().from(bookingHistory).where(eq(bookingHistory.bookingId, bookingId))).map(
      (h) => h.code,
    );

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

  it('a claim accepted by the customer captures that part: the rest released, the part the owner’s without commission, once', async () => {
    const { bookingId, held } = await heldAndReturned();

    const tooMuch = await claim(bookingId, 'owner', { amount: 300.01 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ error: 'capture_exceeds_deposit' });
    const elsewhere = await claim(bookingId, 'stranger');
    expect(elsewhere.statusCode).toBe(404);
    const notReturned = await claim(bookingId, 'owner', {
      photos: ['evidence-33333333-3333-4333-8333-333333333333'],
    });
    expect(notReturned.statusCode).toBe(400);
    const noPhoto = await claim(bookingId, 'owner', { photos: [] });
    expect(noPhoto.statusCode).toBe(400);
    // Staff no longer capture directly: the claim is the only way to keep any of it.
    const direct = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/deposit/capture`,
      headers: await headersOf('owner'),
      payload: { amount: 10, reason: 'Old way' },
    });
    expect(direct.statusCode).toBe(404);

    const res = await claim(bookingId, 'owner');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      deposit: { status: 'authorised', captured: 0 },
      claim: { status: 'open', amount: 120.5, photos: [PHOTOS[1]], note: 'Propeller bent on the rocks' },
    });
    // The customer's answer window: 48 hours (DEPOSIT_CLAIM_ANSWER_HOURS).
    expect(res.json<{ claim: { answerBy: string } }>().claim.answerBy).toBe(
      new Date(t.ctx.now().getTime() + 48 * HOUR).toISOString(),
    );
    const second = await claim(bookingId, 'admin', { amount: 10 });
    expect(second.json()).toMatchObject({ error: 'claim_exists' });
    // Nor may the owner release it under a claim: the claim decides.
    const release = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/deposit/release`,
      headers: await headersOf('owner'),
    });
    expect(release.json()).toMatchObject({ error: 'deposit_claimed' });

    // The customer is e-mailed the amount, the note and the link; manage my booking shows the claim.
    await queueEventEmails(t.ctx);
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, bookingId));
    const told = mails.find((m) => m.kind === 'deposit_claimed');
    expect(told?.toAddress).toBe('ana@example.com');
    expect(told?.textBody).toContain('€120.50');
    expect(told?.textBody).toContain('Propeller bent on the rocks');
    expect(told?.textBody).toContain(`/booking/manage?booking=${bookingId}`);
    const token = await customerToken(t.ctx, bookingId);
    const seen = await t.app.inject(`/api/bookings/${bookingId}/deposit?token=${encodeURIComponent(token)}`);
    expect(seen.json()).toMatchObject({ claim: { status: 'open', amount: 120.5, photos: [PHOTOS[1]] } });

    const accepted = await answer(bookingId, { decision: 'accept' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      deposit: { status: 'captured', captured: 120.5, reason: 'Propeller bent on the rocks' },
      claim: { status: 'accepted' },
    });
    // Stripe captured that part (amount_to_capture); the rest of the authorisation is released.
    expect(fake.intents.get(held.providerIntentId!)).toMatchObject({
      status: 'succeeded',
      amount_received: 12_050,
    });
    const capture = fake.requests.find(
      (r) => r.path === `/v1/payment_intents/${held.providerIntentId}/capture`,
    );
    expect(capture?.form.get('amount_to_capture')).toBe('12050');
    const twice = await answer(bookingId, { decision: 'dispute', answer: 'Changed my mind after all' });
    expect(twice.json()).toMatchObject({ error: 'claim_answered' });

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
        { id: held.providerIntentId!, object: 'payment_intent' },
        `evt_${type}_${bookingId}`,
      );
      expect(hook.json()).toEqual({ received: true, ignored: true });
    }
    expect(await db.select().from(payments).where(eq(payments.bookingId, bookingId))).toHaveLength(1);
    expect(await db.select().from(payments).where(eq(payments.providerId, held.providerIntentId!))).toEqual(
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

    // The job settles nothing twice; the history tells the claim's life; both sides are e-mailed.
    await tendClaims(t.ctx);
    expect(await depositLines(bookingId)).toHaveLength(1);
    expect(await historyCodes(bookingId)).toEqual(
      expect.arrayContaining(['deposit_claimed', 'claim_accepted']),
    );
    await queueEventEmails(t.ctx);
    const after = await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, bookingId));
    expect(after.find((m) => m.kind === 'deposit_captured')?.textBody).toContain('€120.50');
    expect(after.find((m) => m.kind === 'owner_claim_outcome')?.textBody).toContain(
      'accepted by the customer',
    );
  });

  it('no claim after the window: the job releases the card deposit; a claim then is refused', async () => {
    const { bookingId, trip, held } = await heldAndReturned();
    // 47 hours after the return: still open; the job releases nothing.
    t.setNow(new Date(trip.endsAt.getTime() + 47 * HOUR));
    await tendClaims(t.ctx);
    expect(await depositRow(bookingId)).toMatchObject({ status: 'authorised' });
    const staff = await t.app.inject({
      url: `/api/admin/bookings/${bookingId}/deposit`,
      headers: await headersOf('owner'),
    });
    expect(staff.json()).toMatchObject({
      claim: null,
      claimUntil: new Date(trip.endsAt.getTime() + 48 * HOUR).toISOString(),
    });

    t.setNow(new Date(trip.endsAt.getTime() + 48 * HOUR));
    const late = await claim(bookingId, 'owner');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'claim_window_closed' });
    await tendClaims(t.ctx);
    expect(await depositRow(bookingId)).toMatchObject({ status: 'released', decidedBy: 'system' });
    expect(fake.intents.get(held.providerIntentId!)).toMatchObject({ status: 'canceled' });
  });

  it('a claim unanswered by its deadline is captured by the job; an answer after it is refused', async () => {
    const { bookingId } = await heldAndReturned();
    expect((await claim(bookingId, 'admin', { amount: 300 })).statusCode).toBe(200);
    const { answerBy } = (await claimRow(bookingId))!;
    t.setNow(answerBy);
    const late = await answer(bookingId, { decision: 'dispute', answer: 'It was like that before' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'claim_answer_closed' });
    await tendClaims(t.ctx);
    expect(await claimRow(bookingId)).toMatchObject({ status: 'expired' });
    expect(await depositRow(bookingId)).toMatchObject({ status: 'captured', capturedCents: 30_000 });
    expect(await depositLines(bookingId)).toMatchObject([{ ownerCents: 30_000, feeCents: 0 }]);
    expect(await historyCodes(bookingId)).toContain('claim_expired');
  });

  it('a dispute is decided by the admin alone, from nothing to the claim; capture follows', async () => {
    const { bookingId, held } = await heldAndReturned();
    await claim(bookingId, 'owner', { amount: 200 });
    const disputed = await answer(bookingId, {
      decision: 'dispute',
      answer: 'The scratch was there at departure, see its photo',
    });
    expect(disputed.json()).toMatchObject({ claim: { status: 'disputed' } });
    // The operator is told it waits for the admin, with the customer's words and the card's lapse.
    const notice = await disputeNotice(bookingId);
    expect(notice?.textBody).toContain('The scratch was there at departure, see its photo');
    expect(notice?.textBody).toContain(`Decide it by ${formatCanaryDate(held.lapsesAt!, 'en')}`);
    // Past the answer deadline a dispute waits for the admin: the job captures nothing.
    t.setNow(new Date(t.ctx.now().getTime() + 50 * HOUR));
    await tendClaims(t.ctx);
    expect(await depositRow(bookingId)).toMatchObject({ status: 'authorised' });

    // The admin's list shows it; an owner may neither see the list nor decide.
    const list = await t.app.inject({ url: '/api/admin/deposit-claims', headers: await headersOf('admin') });
    expect(list.json<{ claims: { bookingId: string }[] }>().claims).toContainEqual(
      expect.objectContaining({
        bookingId,
        claim: expect.objectContaining({ answer: 'The scratch was there at departure, see its photo' }),
        lapsesAt: held.lapsesAt!.toISOString(),
      }),
    );
    expect(
      (await t.app.inject({ url: '/api/admin/deposit-claims', headers: await headersOf('owner') }))
        .statusCode,
    ).toBe(403);
    expect((await decide(bookingId, 'owner', 50)).statusCode).toBe(403);
    expect((await decide(bookingId, 'admin', 200.01)).json()).toMatchObject({
      error: 'decision_exceeds_claim',
    });

    const decided = await decide(bookingId, 'admin', 80);
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({
      deposit: { status: 'captured', captured: 80 },
      claim: { status: 'decided', amount: 200, decided: 80 },
    });
    expect(fake.intents.get(held.providerIntentId!)).toMatchObject({ amount_received: 8000 });
    expect(await depositLines(bookingId)).toMatchObject([{ ownerCents: 8000, feeCents: 0 }]);
    expect((await decide(bookingId, 'admin', 10)).json()).toMatchObject({ error: 'claim_not_disputed' });
    expect(await historyCodes(bookingId)).toEqual(
      expect.arrayContaining(['claim_disputed', 'claim_decided']),
    );
    await queueEventEmails(t.ctx);
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, bookingId));
    expect(mails.find((m) => m.kind === 'owner_claim_outcome')?.textBody).toContain(
      'decided by the platform',
    );
  });

  it('a dispute decided at 0 releases the deposit, and the customer reads that it went their way', async () => {
    const { bookingId, held } = await heldAndReturned();
    await claim(bookingId, 'owner', { amount: 50 });
    await answer(bookingId, { decision: 'dispute', answer: 'Nothing happened to the boat' });
    const decided = await decide(bookingId, 'admin', 0);
    expect(decided.json()).toMatchObject({
      deposit: { status: 'released', captured: 0 },
      claim: { decided: 0 },
    });
    expect(fake.intents.get(held.providerIntentId!)).toMatchObject({
      status: 'canceled',
      amount_received: 0,
    });
    expect(await depositLines(bookingId)).toEqual([]);
    await queueEventEmails(t.ctx);
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, bookingId));
    expect(mails.find((m) => m.kind === 'deposit_released')?.textBody).toContain('in your favour');
  });

  it('a claim whose card authorisation lapses meanwhile takes nothing; the claim says so', async () => {
    const { bookingId, held } = await heldAndReturned();
    await claim(bookingId, 'owner');
    fake.lapse(held.providerIntentId!);
    const accepted = await answer(bookingId, { decision: 'accept' });
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json()).toMatchObject({ error: 'deposit_lapsed' });
    expect(await depositRow(bookingId)).toMatchObject({ status: 'lapsed', capturedCents: 0 });
    expect(await claimRow(bookingId)).toMatchObject({ status: 'lapsed' });
    expect(await depositLines(bookingId)).toEqual([]);
    expect(await historyCodes(bookingId)).toContain('claim_lapsed');
  });

  it('a booking refunded after its claim keeps the claim; one canceled before it takes none', async () => {
    const first = await heldAndReturned();
    await claim(first.bookingId, 'owner', { amount: 40 });
    await db.update(bookings).set({ status: 'refunded' }).where(eq(bookings.id, first.bookingId));
    // The job's let-go of a refunded booking's deposit leaves a claimed one alone.
    await tendDeposits(t.ctx);
    expect(await depositRow(first.bookingId)).toMatchObject({ status: 'authorised' });
    const accepted = await answer(first.bookingId, { decision: 'accept' });
    expect(accepted.json()).toMatchObject({ deposit: { status: 'captured', captured: 40 } });

    const second = await heldAndReturned();
    await db.update(bookings).set({ status: 'canceled' }).where(eq(bookings.id, second.bookingId));
    const refused = await claim(second.bookingId, 'owner');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'booking_canceled' });
  });

  it('a claim on a long charter leaves the admin a day before the card lapses: the answer window is cut short', async () => {
    const { bookingId, held } = await heldAndReturned();
    // The return came late (a long charter): 4 days before the card lapses.
    t.setNow(new Date(held.lapsesAt!.getTime() - 60 * HOUR));
    expect((await claim(bookingId, 'owner')).statusCode).toBe(409);
    await db.delete(conditionReports).where(eq(conditionReports.bookingId, bookingId));
    await returned(bookingId, new Date(held.lapsesAt!.getTime() - 62 * HOUR));
    const res = await claim(bookingId, 'owner');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ claim: { answerBy: string } }>().claim.answerBy).toBe(
      new Date(held.lapsesAt!.getTime() - 24 * HOUR).toISOString(),
    );
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
    const elsewhere = await cashAtHarbour(bookingId, 'otherCrew');
    expect(elsewhere.statusCode).toBe(404);
    const cash = await cashAtHarbour(bookingId, 'crew');
    expect(cash.statusCode, cash.body).toBe(200);
    expect(cash.json()).toMatchObject({ deposit: { status: 'authorised', method: 'cash', lapsesAt: null } });
    const twice = await cashAtHarbour(bookingId, 'owner', 'admin');
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

  it('a dispute of a claim on cash taken at the harbour tells the operator with no card deadline', async () => {
    const { bookingId, intentId, trip } = await paidBooking();
    fake.requireAuthentication(fake.intents.get(intentId)!.payment_method!);
    await authoriseBefore(trip);
    const cash = await cashAtHarbour(bookingId, 'crew');
    expect(cash.statusCode, cash.body).toBe(200);
    await returned(bookingId, trip.endsAt);
    t.setNow(new Date(trip.endsAt.getTime() + 2 * HOUR));
    expect((await claim(bookingId, 'owner', { amount: 90 })).statusCode).toBe(200);
    const disputed = await answer(bookingId, { decision: 'dispute', answer: 'The rope was frayed already' });
    expect(disputed.json()).toMatchObject({ claim: { status: 'disputed' } });

    const notice = await disputeNotice(bookingId);
    expect(notice?.textBody).toContain('The rope was frayed already');
    // Cash in the crew's hands never lapses: the operator reads no date to decide by.
    expect(notice?.textBody).not.toContain('Decide it by');
  });

  it('lapses an authorisation nobody decided on within the card networks’ window; a capture then is refused', async () => {
    const { bookingId, trip } = await paidBooking();
    await authoriseBefore(trip);
    const held = await depositRow(bookingId);
    expect(held!.lapsesAt!.getTime() - held!.authorisedAt!.getTime()).toBe(7 * 24 * HOUR);
    // Stripe canceled it on its own (the window passed): a release finds nothing held.
    fake.lapse(held!.providerIntentId!);
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/deposit/release`,
      headers: await headersOf('admin'),
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
