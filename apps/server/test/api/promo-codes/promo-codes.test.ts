// Promo codes (issue 26): made in the back office by the admin and by owners for their own boats,
// checked on the review step, applied by the checkout under the code's lock (ten checkouts racing
// for the last use: one gets it), given back by a released or lapsed hold, refused with a reason
// naming booking.promoCode; the charged total, the ledger and the fee split after the discount.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminBookingDetailsSchema } from '@boats/domain/schemas/booking';
import type { PromoCodeFormValues, PromoCodeWire } from '@boats/domain/schemas/promo-codes';
import { bookings, emailOutbox } from '../../../src/db/schema';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import { ledgerOf } from '../../../src/modules/payments/ledger';
import {
  bookingUrl,
  buyAndConfirm,
  confirmReturn,
  createBoat,
  createSharedTrip,
  HOUR,
  payByCard,
  requestHold,
  sharedRequest,
  startCheckout,
} from '../../helpers/checkout-fixtures';

/** 1 June 2027, 10:00 in the Canaries. */
const NOW = new Date('2027-06-01T09:00:00Z');
const DAY = 24 * HOUR;

const t = await buildTestApp({ template: 'empty', now: NOW });
const db = t.ctx.db;
const admin = await tokenFor(t, 'admin');
const ownerA = await newOwner(t);
const ownerB = await newOwner(t);
const tokenA = await tokenFor(t, 'owner', { ownerId: ownerA });
const tokenB = await tokenFor(t, 'owner', { ownerId: ownerB });
const platformBoat = await createBoat(db);
const boatA = await createBoat(db, { ownerId: ownerA, title: { en: 'Boat of A' } });
const boatB = await createBoat(db, { ownerId: ownerB, title: { en: 'Boat of B' } });

const form = (overrides: Partial<PromoCodeFormValues> = {}): PromoCodeFormValues => ({
  code: `CODE-${Math.random().toString(36).slice(2, 8)}`,
  kind: 'percent',
  value: 10,
  validFrom: null,
  validUntil: null,
  boatIds: [],
  minSpend: 0,
  maxUses: null,
  maxUsesPerEmail: null,
  firstBookingOnly: false,
  active: true,
  ...overrides,
});

async function createCode(values: PromoCodeFormValues, token = admin): Promise<PromoCodeWire> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/promo-codes',
    headers: bearer(token),
    payload: values,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ promoCode: PromoCodeWire }>().promoCode;
}

let trips = 0;
/** A trip of its own for each test (2 h at €25 an hour a seat, 40 seats), a day after the last. */
const nextTrip = (boatId = platformBoat.id) => {
  trips += 1;
  return createSharedTrip(db, boatId, new Date(NOW.getTime() + (5 + trips) * DAY), { seatsTotal: 40 });
};

const two = { adults: 2, children50: 0, kidsFree: 0 }; // 2 × 2 h × €25 = €100

/** A checkout request with a code, its amount the trip less the discount the test expects. */
function withCode(
  boatId: string,
  trip: Awaited<ReturnType<typeof nextTrip>>,
  code: string,
  discountCents: number,
  extra: Record<string, unknown> = {},
) {
  const body = sharedRequest(boatId, trip, two, extra);
  body.amount -= discountCents;
  (body.booking as Record<string, unknown>).promoCode = code;
  return body;
}

const refusalOf = (res: { statusCode: number; json: () => unknown }) => {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { error: string; details: { field: string } };
  expect(body.details.field).toBe('booking.promoCode');
  return body.error;
};

describe('promo codes', () => {
  it('the admin makes a code; the same code twice is refused; values come back as typed', async () => {
    const made = await createCode(form({ code: ' summer-10 ', kind: 'amount', value: 12.5, minSpend: 50 }));
    expect(made).toMatchObject({
      code: 'SUMMER-10',
      kind: 'amount',
      value: 12.5,
      minSpend: 50,
      ownerId: null,
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/promo-codes',
      headers: bearer(admin),
      payload: form({ code: 'SUMMER-10' }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'code_taken' });
  });

  it('ten concurrent checkouts on a one-use code: exactly one applied, nine refused as used up', async () => {
    const code = await createCode(form({ maxUses: 1 }));
    // Ten trips, so nothing but the code's own lock makes the checkouts queue.
    const tenTrips = [];
    for (let i = 0; i < 10; i += 1) tenTrips.push(await nextTrip());
    const answers = await Promise.all(
      tenTrips.map((trip, i) =>
        requestHold(t.app, withCode(platformBoat.id, trip, code.code, 1000), `198.51.100.${i + 1}`),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode !== 200).map(refusalOf)).toEqual(Array(9).fill('promoUsedUp'));
    const held = await db.select().from(bookings).where(eq(bookings.promoCodeId, code.id));
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ amountGrossCents: 9000, discountCents: 1000, promoCode: code.code });
  });

  it('a released hold gives its use back, and so does a lapsed one', async () => {
    const code = await createCode(form({ maxUses: 1 }));
    const trip = await nextTrip();
    const first = await startCheckout(
      t.app,
      withCode(platformBoat.id, trip, code.code, 1000),
      '198.51.100.20',
    );
    expect(refusalOf(await requestHold(t.app, withCode(platformBoat.id, trip, code.code, 1000)))).toBe(
      'promoUsedUp',
    );
    const released = await t.app.inject({
      method: 'POST',
      url: bookingUrl(t.ctx, first.bookingId, '/release'),
    });
    expect(released.statusCode, released.body).toBe(200);
    const second = await startCheckout(
      t.app,
      withCode(platformBoat.id, trip, code.code, 1000),
      '198.51.100.21',
    );

    // The hold lapses: the use is free again at its expiry, before any sweep runs.
    t.setNow(new Date(new Date(second.holdExpiresAt).getTime() + 1000));
    try {
      await startCheckout(t.app, withCode(platformBoat.id, trip, code.code, 1000), '198.51.100.22');
    } finally {
      t.setNow(NOW);
    }
  });

  it('a hold paid after it lapsed keeps its code only if nobody took the last use meanwhile', async () => {
    const code = await createCode(form({ maxUses: 1 }));
    const trip = await nextTrip();
    const late = await startCheckout(
      t.app,
      withCode(platformBoat.id, trip, code.code, 1000),
      '198.51.100.25',
    );
    const afterLapse = new Date(new Date(late.holdExpiresAt).getTime() + 1000);
    t.setNow(afterLapse);
    try {
      // Nobody took it: the late payment is sold with its code.
      expect((await payByCard(t.app, late.clientSecret)).json()).toEqual({ status: 'succeeded' });
      expect((await confirmReturn(t.app, late.intentId)).statusCode).toBe(200);
      const [sold] = await db.select().from(bookings).where(eq(bookings.id, late.bookingId));
      expect(sold).toMatchObject({ status: 'paid', discountCents: 1000 });

      // Another one-use code: its hold lapses, someone else takes the code, then the card pays.
      const other = await createCode(form({ maxUses: 1 }));
      const first = await startCheckout(
        t.app,
        withCode(platformBoat.id, trip, other.code, 1000),
        '198.51.100.26',
      );
      t.setNow(new Date(new Date(first.holdExpiresAt).getTime() + 1000));
      await startCheckout(t.app, withCode(platformBoat.id, trip, other.code, 1000), '198.51.100.27');
      expect((await payByCard(t.app, first.clientSecret)).json()).toEqual({ status: 'succeeded' });
      const answer = await confirmReturn(t.app, first.intentId);
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({ error: 'promo_not_applicable' });
      const [lost] = await db.select().from(bookings).where(eq(bookings.id, first.bookingId));
      expect(lost?.status).toBe('refunded');
      const ledger = await ledgerOf(db, first.bookingId);
      expect(ledger.refundedCents).toBe(ledger.receivedCents);
    } finally {
      t.setNow(NOW);
    }
  });

  it('refuses with a reason naming booking.promoCode', async () => {
    const trip = await nextTrip();
    const attempt = (code: string, extra: Record<string, unknown> = {}) =>
      requestHold(t.app, withCode(platformBoat.id, trip, code, 1000, extra), '198.51.100.30');
    expect(refusalOf(await attempt('NO-SUCH-CODE'))).toBe('promoUnknown');
    const off = await createCode(form({ active: false }));
    expect(refusalOf(await attempt(off.code))).toBe('promoUnknown');
    const later = await createCode(form({ validFrom: '2027-06-02' }));
    expect(refusalOf(await attempt(later.code))).toBe('promoNotYetValid');
    const past = await createCode(form({ validUntil: '2027-05-31' }));
    expect(refusalOf(await attempt(past.code))).toBe('promoExpired');
    const elsewhere = await createCode(form({ boatIds: [boatB.id] }));
    expect(refusalOf(await attempt(elsewhere.code))).toBe('promoNotForBoat');
    const ofB = await createCode(form(), tokenB);
    expect(refusalOf(await attempt(ofB.code))).toBe('promoNotForBoat');
    const big = await createCode(form({ minSpend: 100.01 }));
    const below = await attempt(big.code);
    expect(refusalOf(below)).toBe('promoBelowMinimum');
    expect(below.json()).toMatchObject({ details: { minSpend: 100.01 } });

    // A wrong total with a good code is the price check's refusal, with the discounted total.
    const good = await createCode(form());
    const wrong = await requestHold(t.app, withCode(platformBoat.id, trip, good.code, 0), '198.51.100.33');
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ error: 'price_mismatch', details: { serverAmount: 9000 } });
  });

  it('a first-booking or once-per-e-mail code tells nobody which addresses have booked: the sale checks it (issue 53)', async () => {
    // The attack run's finding: a first-booking code answered promoFirstBookingOnly for any
    // address that had booked, so any visitor could ask which addresses have.
    const trip = await nextTrip();
    const known = { name: 'Hans', email: 'hans.mueller@example.de' };
    await buyAndConfirm(
      t.app,
      sharedRequest(platformBoat.id, trip, two, { customer: known }),
      '198.51.100.60',
    );
    const first = await createCode(form({ firstBookingOnly: true }));
    const once = await createCode(form({ maxUsesPerEmail: 1 }));
    await buyAndConfirm(
      t.app,
      withCode(platformBoat.id, trip, once.code, 1000, { customer: known }),
      '198.51.100.61',
    );

    /** What a visitor sees of an answer: status, code, message (the rest is the hold's own ids). */
    const seen = (res: { statusCode: number; json: () => unknown }) => {
      const body = res.json() as { error?: string; message?: string; amount?: number };
      return { status: res.statusCode, error: body.error, message: body.message };
    };
    const stranger = { name: 'Hans', email: 'nobody-yet@example.de' };
    let ip = 62;
    for (const code of [first.code, once.code]) {
      // The checkout naming the customer, however the address is typed.
      for (const email of [known.email, 'Hans.Mueller+x@example.de']) {
        const forKnown = await requestHold(
          t.app,
          withCode(platformBoat.id, trip, code, 1000, { customer: { ...known, email } }),
          `198.51.100.${ip++}`,
        );
        const forUnknown = await requestHold(
          t.app,
          withCode(platformBoat.id, trip, code, 1000, { customer: stranger }),
          `198.51.100.${ip++}`,
        );
        expect(seen(forKnown), `${code} ${email}`).toEqual(seen(forUnknown));
        expect(forKnown.statusCode).toBe(200);
      }
      // The payment step saving the contact details.
      const saved = async (customer: { name: string; email: string }) => {
        const hold = await startCheckout(
          t.app,
          withCode(platformBoat.id, trip, code, 1000),
          `198.51.100.${ip++}`,
        );
        const res = await t.app.inject({
          method: 'POST',
          url: bookingUrl(t.ctx, hold.bookingId, '/customer'),
          payload: { customer },
        });
        return { res, hold };
      };
      // However the address is typed (case, a +tag: one mailbox, canonical_email).
      const knownSaved = await saved({ ...known, email: 'HANS.mueller+promo@example.de' });
      // Another newcomer than the probes above, whose live holds count as their uses of the code.
      const unknownSaved = await saved({ name: 'Eva', email: `eva-${code.toLowerCase()}@example.de` });
      expect(seen(knownSaved.res)).toEqual(seen(unknownSaved.res));
      expect(knownSaved.res.statusCode).toBe(200);

      // The rule still holds, at the sale: the returning address's payment is refunded in full,
      // the newcomer's sells with the discount.
      expect((await payByCard(t.app, knownSaved.hold.clientSecret)).json()).toEqual({ status: 'succeeded' });
      const refused = await confirmReturn(t.app, knownSaved.hold.intentId);
      expect(refused.statusCode).toBe(409);
      // One neutral answer, whichever rule refused it: nothing about the address.
      expect(refused.json()).toMatchObject({
        error: 'promo_not_applicable',
        details: { refund: 'succeeded' },
      });
      const [lost] = await db.select().from(bookings).where(eq(bookings.id, knownSaved.hold.bookingId));
      expect(lost?.status).toBe('refunded');
      const ledger = await ledgerOf(db, knownSaved.hold.bookingId);
      expect(ledger.refundedCents).toBe(ledger.receivedCents);
      expect((await payByCard(t.app, unknownSaved.hold.clientSecret)).json()).toEqual({
        status: 'succeeded',
      });
      expect((await confirmReturn(t.app, unknownSaved.hold.intentId)).statusCode).toBe(200);
      const [sold] = await db.select().from(bookings).where(eq(bookings.id, unknownSaved.hold.bookingId));
      expect(sold).toMatchObject({ status: 'paid', discountCents: 1000 });
    }
  });

  it('the review step’s check gives the terms, or the reason', async () => {
    const code = await createCode(form({ kind: 'amount', value: 15 }));
    const ok = await t.app.inject(
      `/api/boat/${platformBoat.id}/promo-code?code=${code.code.toLowerCase()}&subtotal=10000`,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ code: code.code, kind: 'amount', value: 1500 });
    const nope = await t.app.inject(`/api/boat/${platformBoat.id}/promo-code?code=NOPE-1&subtotal=10000`);
    expect(refusalOf(nope)).toBe('promoUnknown');
  });

  it('charges the discounted total: the ledger has what was paid, fee + owner = net, the booking keeps its code', async () => {
    const code = await createCode(form({ value: 12.5 }));
    const trip = await nextTrip();
    // €100 less 12.5 % = €87.50.
    const sale = await buyAndConfirm(
      t.app,
      withCode(platformBoat.id, trip, code.code, 1250, {
        customer: { name: 'Eva', email: 'eva@example.com' },
      }),
      '198.51.100.40',
    );
    expect(sale.amount).toBe(8750);
    // Changing the code later never changes the sale.
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/promo-codes/${code.id}`,
      headers: bearer(admin),
      payload: form({ code: code.code, value: 50 }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const res = await t.app.inject({ url: `/api/admin/bookings/${sale.bookingId}`, headers: bearer(admin) });
    const view = adminBookingDetailsSchema.parse(res.json());
    expect(view.amountGross).toBe(87.5);
    expect(view.promo).toEqual({ code: code.code, discount: 12.5 });
    expect(view.payments).toMatchObject([{ amount: 87.5, status: 'succeeded' }]);
    expect(view.netReceived).toBe(87.5);
    expect(Math.round((view.platformFee + view.ownerAmount) * 100)).toBe(8750);
    const publicView = await t.app.inject(bookingUrl(t.ctx, sale.bookingId));
    expect(publicView.json()).toMatchObject({ booking: { promo: { code: code.code, discount: 12.5 } } });

    // The confirmation e-mail names the code and its discount above the total paid.
    await queueEventEmails(t.ctx);
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, sale.bookingId));
    expect(mail?.textBody).toContain(`Promo code ${code.code}: −€12.50`);
    expect(mail?.textBody).toMatch(/Total paid: €87\.50/);

    // The report: one sold, €12.50 off.
    const list = await t.app.inject({ url: '/api/admin/promo-codes', headers: bearer(admin) });
    const mine = list.json<{ items: PromoCodeWire[] }>().items.find((c) => c.id === code.id);
    expect(mine?.report).toEqual({ sold: 1, held: 0, discount: 12.5 });
  });

  it('owners: their own codes for their own boats only', async () => {
    const ofA = await createCode(form({ boatIds: [boatA.id] }), tokenA);
    expect(ofA.ownerId).toBe(ownerA);
    const ofB = await createCode(form(), tokenB);
    const forB = await t.app.inject({
      method: 'POST',
      url: '/api/admin/promo-codes',
      headers: bearer(tokenA),
      payload: form({ boatIds: [boatB.id] }),
    });
    expect(forB.statusCode).toBe(400);
    expect(forB.json()).toMatchObject({ error: 'invalid_boat' });
    const listA = (await t.app.inject({ url: '/api/admin/promo-codes', headers: bearer(tokenA) })).json<{
      items: PromoCodeWire[];
    }>();
    expect(listA.items.map((c) => c.id)).toEqual([ofA.id]);
    const editB = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/promo-codes/${ofB.id}`,
      headers: bearer(tokenA),
      payload: form({ code: ofB.code, value: 90 }),
    });
    expect(editB.statusCode).toBe(404);
    const all = (await t.app.inject({ url: '/api/admin/promo-codes', headers: bearer(admin) })).json<{
      items: PromoCodeWire[];
    }>();
    expect(all.items.find((c) => c.id === ofB.id)?.value).toBe(10);
    // A's code sells on A's boat.
    const trip = await nextTrip(boatA.id);
    await startCheckout(t.app, withCode(boatA.id, trip, ofA.code, 1000), '198.51.100.50');
  });
});
