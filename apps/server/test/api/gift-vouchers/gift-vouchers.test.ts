// Gift vouchers (issue 26, docs/payments.md#gift-vouchers): bought by card (sandbox) and
// confirmed once; the balance derived from the ledger; a voucher pays part of a charter (the
// rest by card) or a whole trip (pay-with-voucher); a refund of a booking paid 60 % by voucher
// and 40 % by card gives each its share back; two checkouts cannot spend one balance; an
// expired voucher cannot pay; a released hold gives its reservation back; bad input names the
// field. On PGlite and PostgreSQL.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@boats/domain/money';
import { formatCanaryDate } from '@boats/domain/canary-time';
import { LANGUAGES, type LanguageCode } from '@boats/domain/languages';
import type {
  AdminGiftVouchersPage,
  GiftVoucherBalanceResponse,
  GiftVoucherConfirmResponse,
  GiftVoucherPurchaseResponse,
} from '@boats/domain/schemas/gift-vouchers';
import { adminBookingDetailsSchema } from '@boats/domain/schemas/booking';
import { eq } from 'drizzle-orm';
import { payments } from '../../../src/db/schema';
import { customerToken } from '../../helpers/manage-token';
import { balanceOf } from '../../../src/modules/gift-vouchers/gift-voucher-repository';
import { ledgerOf } from '../../../src/modules/payments/ledger';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { expireLapsedHolds } from '../../../src/modules/jobs/hold-expiry';
import { reconcilePayments } from '../../../src/modules/jobs/payment-reconciliation';
import { requestRefund } from '../../../src/modules/bookings/refunds';
import { createMailTransport } from '../../../src/modules/mail/mail-transport';
import { deliverDueEmails } from '../../../src/modules/mail/outbox-worker';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { mailSubject, mailText } from '../../helpers/mail-text';
import { startSmtpTestServer } from '../../helpers/smtp-test-server';
import { buildTestApp } from '../../helpers/test-app';
import {
  bookingUrl,
  charterRequest,
  confirmReturn,
  createBoat,
  createPrivateRun,
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

const smtp = await startSmtpTestServer();
afterAll(() => smtp.close());
const t = await buildTestApp({ template: 'empty', now: NOW, env: { SMTP_URL: smtp.url } });
const db = t.ctx.db;
const transport = createMailTransport({
  smtpUrl: smtp.url,
  from: t.ctx.config.MAIL_FROM,
  log: { info() {} },
});
afterAll(() => transport.close());

/** The e-mails of every event so far, sent through SMTP; answers the mails sent to `to`. */
async function mailsTo(to: string) {
  await queueEventEmails(t.ctx);
  await deliverDueEmails(db, transport, t.ctx.now());
  return smtp.received.filter((m) => m.to.includes(to));
}

type Json = { [key: string]: string | Json };
/** A text of email.json in `lng`, with its {{values}} filled. */
function emailText(lng: LanguageCode, key: string, values: Record<string, string> = {}): string {
  const file = JSON.parse(
    readFileSync(new URL(`../../../../web/public/locales/${lng}/email.json`, import.meta.url), 'utf8'),
  ) as Json;
  const text = key
    .split('.')
    .reduce<Json | string | undefined>((n, k) => (typeof n === 'object' ? n[k] : undefined), file);
  if (typeof text !== 'string') throw new Error(`no e-mail text ${lng}:${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}
const admin = await tokenFor(t, 'admin');
const boat = await createBoat(db, { title: { en: 'Gift Boat', es: 'Barco regalo' } });

let trips = 0;
/** A trip of its own for each checkout (2 h at €25 an hour a seat), a day after the last. */
const nextTrip = () => {
  trips += 1;
  return createSharedTrip(db, boat.id, new Date(NOW.getTime() + (5 + trips) * DAY), { seatsTotal: 40 });
};
const two = { adults: 2, children50: 0, kidsFree: 0 }; // 2 × 2 h × €25 = €100

const purchase = (overrides: Record<string, unknown> = {}) => ({
  amount: 6000,
  purchaser: { name: 'Pia Purchaser', email: 'pia@example.com' },
  recipient: {
    name: 'Rob Recipient',
    email: 'rob@example.com',
    message: 'Happy <b>birthday</b>!',
    language: 'de',
  },
  lang: 'en',
  ...overrides,
});

let buyers = 0;
/** POST /api/gift-vouchers from a buyer's own address (the call is rate-limited per client). */
function postPurchase(payload: object) {
  buyers += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/gift-vouchers',
    payload,
    remoteAddress: `10.9.${Math.floor(buyers / 200)}.${buyers % 200}`,
  });
}

/** Buys a voucher with a good sandbox card and confirms it as the Gift page does. */
async function buyVoucher(amount = 6000, overrides: Record<string, unknown> = {}) {
  const res = await postPurchase(purchase({ amount, ...overrides }));
  expect(res.statusCode, res.body).toBe(201);
  const bought = res.json<GiftVoucherPurchaseResponse>();
  expect(bought.amount).toBe(amount);
  expect((await payByCard(t.app, bought.clientSecret)).json()).toEqual({ status: 'succeeded' });
  const intentId = bought.clientSecret.slice(0, bought.clientSecret.indexOf('_secret_'));
  const confirmed = await t.app.inject(`/api/gift-vouchers/confirm?payment_intent=${intentId}`);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { ...confirmed.json<GiftVoucherConfirmResponse>(), intentId };
}

/** The sale's payment intent of a voucher (its ledger row). */
async function buyVoucherIntent(voucherId: string): Promise<string | undefined> {
  const rows = await db.select().from(payments).where(eq(payments.giftVoucherId, voucherId));
  return rows.find((r) => r.bookingId === null)?.providerId;
}

const balance = async (code: string) =>
  (
    await t.app.inject(`/api/gift-vouchers/balance?code=${encodeURIComponent(code)}`)
  ).json<GiftVoucherBalanceResponse>();

async function adminDetails(bookingId: string) {
  const res = await t.app.inject({ url: `/api/admin/bookings/${bookingId}`, headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return adminBookingDetailsSchema.parse(res.json());
}

/** A €100 shared-trip checkout paying with `code` first. */
function withVoucher(
  trip: Awaited<ReturnType<typeof nextTrip>>,
  code: string,
  extra: Record<string, unknown> = {},
) {
  const body = sharedRequest(boat.id, trip, two, {
    customer: { name: 'Ana', email: 'ana@example.com' },
    ...extra,
  });
  (body.booking as Record<string, unknown>).voucherCode = code;
  return body;
}

const refusalOf = (res: { statusCode: number; json: () => unknown }) => {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { error: string; details: { field: string } };
  expect(body.details.field).toBe('booking.voucherCode');
  return body.error;
};

describe('gift vouchers', () => {
  it('buy by card, confirm once (idempotent), view by its token, look up its balance in any spelling', async () => {
    const { voucher, token, intentId } = await buyVoucher(6000);
    expect(voucher).toMatchObject({
      amount: 6000,
      balance: 6000,
      status: 'active',
      recipientName: 'Rob Recipient',
    });
    expect(voucher.code).toMatch(/^GV-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    // The expiry runs from the sale: 24 months by default.
    expect(voucher.expiresAt).toBe('2029-06-01T09:00:00.000Z');

    const again = await t.app.inject(`/api/gift-vouchers/confirm?payment_intent=${intentId}`);
    expect(again.json<GiftVoucherConfirmResponse>().voucher).toEqual(voucher);

    const view = await t.app.inject(`/api/gift-vouchers/${voucher.id}?token=${token}`);
    expect(view.json()).toEqual({ voucher });
    expect((await t.app.inject(`/api/gift-vouchers/${voucher.id}?token=${'x'.repeat(43)}`)).statusCode).toBe(
      404,
    );

    const typed = voucher.code.toLowerCase().replace(/-/g, ' ');
    expect(await balance(typed)).toEqual({
      code: voucher.code,
      balance: 6000,
      expiresAt: voucher.expiresAt,
      status: 'active',
    });
    const unknown = await t.app.inject('/api/gift-vouchers/balance?code=GV-2222-2222');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'voucherUnknown' });
  });

  it('e-mails once: the voucher to the recipient in their language (message escaped, code, QR, expiry, link), a receipt to the purchaser', async () => {
    const { voucher, token } = await buyVoucher(7500, {
      purchaser: { name: 'Pia', email: 'pia.mail@example.com' },
      recipient: {
        name: 'Rob',
        email: 'rob.mail@example.com',
        message: 'Alles Gute <b>& viel Sonne</b>!',
        language: 'de',
      },
      lang: 'en',
    });
    const [toRob, ...more] = await mailsTo('rob.mail@example.com');
    expect(more).toEqual([]);
    if (!toRob) throw new Error('no voucher e-mail');
    expect(mailSubject(toRob.raw)).toBe(
      emailText('de', 'giftVoucher.subject', { name: 'Pia', amount: formatMoney(7500, 'de') }),
    );
    const body = mailText(toRob.raw);
    expect(body).toContain(voucher.code);
    expect(body).toContain('> Alles Gute <b>& viel Sonne</b>!');
    expect(body).toContain(formatCanaryDate(voucher.expiresAt, 'de'));
    expect(body).toContain(`${t.ctx.config.publicUrl}/gift/voucher?id=${voucher.id}&token=${token}`);
    // The HTML part carries the message escaped and the QR image inline.
    expect(toRob.raw).toMatch(/Content-ID: <voucher-qr@boats>/);
    expect(toRob.raw).toMatch(/Content-Type: image\/png/);
    const [receipt] = await mailsTo('pia.mail@example.com');
    if (!receipt) throw new Error('no receipt');
    expect(mailSubject(receipt.raw)).toBe(
      emailText('en', 'giftVoucherReceipt.subject', { code: voucher.code }),
    );
    expect(mailText(receipt.raw)).toContain('rob.mail@example.com');

    // The confirm call and the webhook again: nothing more goes out.
    const before = smtp.received.length;
    await t.app.inject(
      `/api/gift-vouchers/confirm?payment_intent=${(await buyVoucherIntent(voucher.id)) ?? ''}`,
    );
    await mailsTo('nobody@example.com');
    expect(smtp.received.length).toBe(before);
  });

  it('the voucher e-mail in every site language; without a recipient address it goes to the purchaser', async () => {
    for (const lng of LANGUAGES) {
      const address = `rcpt-${lng}@example.com`;
      await buyVoucher(5000, { recipient: { name: 'R', email: address, language: lng } });
      const [mail] = await mailsTo(address);
      expect(mail && mailSubject(mail.raw), lng).toBe(
        emailText(lng, 'giftVoucher.subject', { name: 'Pia Purchaser', amount: formatMoney(5000, lng) }),
      );
      expect(mail && mailText(mail.raw), lng).toContain(emailText(lng, 'giftVoucher.howTo'));
    }
    const { voucher } = await buyVoucher(5000, {
      purchaser: { name: 'Solo', email: 'solo@example.com' },
      recipient: { name: 'Grandma', language: 'es' },
      lang: 'es',
    });
    const mails = await mailsTo('solo@example.com');
    expect(mails.map((m) => mailSubject(m.raw)).sort()).toEqual(
      [
        emailText('es', 'giftVoucher.subjectToPurchaser', { amount: formatMoney(5000, 'es') }),
        emailText('es', 'giftVoucherReceipt.subject', { code: voucher.code }),
      ].sort(),
    );
  });

  it('an unpaid voucher cannot pay and its confirm says 402', async () => {
    const res = await postPurchase(purchase());
    const bought = res.json<GiftVoucherPurchaseResponse>();
    const intentId = bought.clientSecret.slice(0, bought.clientSecret.indexOf('_secret_'));
    expect((await t.app.inject(`/api/gift-vouchers/confirm?payment_intent=${intentId}`)).statusCode).toBe(
      402,
    );
  });

  it('bad input: 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 1000 }, 'body.amount'],
      [{ amount: 200_000 }, 'body.amount'],
      [{ purchaser: { name: 'P', email: 'not-an-address' } }, 'body.purchaser.email'],
      [{ recipient: { name: 'R', language: 'xx' } }, 'body.recipient.language'],
    ];
    for (const [overrides, path] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/gift-vouchers',
        payload: purchase(overrides),
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json<{ fields: { path: string }[] }>().fields.map((f) => f.path)).toContain(path);
    }
  });

  it('part of a charter by voucher, the rest by card: the ledger has both, the fee split covers both', async () => {
    const { voucher } = await buyVoucher(5000);
    const charterBoat = await createBoat(db, { title: { en: 'Charter Boat' } });
    const [first] = await createPrivateRun(db, charterBoat.id, new Date(NOW.getTime() + 20 * DAY), 2);
    if (!first) throw new Error('no slot');
    const body = charterRequest(charterBoat, first, 2, {
      customer: { name: 'Ana', email: 'ana@example.com' },
    });
    (body.booking as Record<string, unknown>).voucherCode = voucher.code;
    const checkout = await startCheckout(t.app, body);
    expect(checkout).toMatchObject({ voucherAmount: 5000, amount: body.amount - 5000 });

    // The hold holds the balance: the review step now finds nothing left on it.
    const quote = await t.app.inject(
      `/api/boat/${charterBoat.id}/voucher?code=${voucher.code}&total=${body.amount}`,
    );
    expect(refusalOf(quote)).toBe('voucherSpent');

    expect((await payByCard(t.app, checkout.clientSecret)).json()).toEqual({ status: 'succeeded' });
    const confirmed = await confirmReturn(t.app, checkout.intentId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      booking: { booking: { status: 'paid', voucherAmount: 50, amountGross: body.amount / 100 } },
    });

    const details = await adminDetails(checkout.bookingId);
    expect(details.payments.map((p) => [p.method, p.amount, p.status]).sort()).toEqual(
      [
        ['card', (body.amount - 5000) / 100, 'succeeded'],
        ['voucher', 50, 'succeeded'],
      ].sort(),
    );
    expect(details.netReceived).toBe(body.amount / 100);
    expect(Math.round((details.platformFee + details.ownerAmount) * 100)).toBe(body.amount);
    expect(await balanceOf(db, voucher.id)).toBe(0);
  });

  it('a voucher that pays everything: no card; pay-with-voucher sells the booking', async () => {
    const { voucher } = await buyVoucher(15000);
    const trip = await nextTrip();
    const res = await requestHold(t.app, withVoucher(trip, voucher.code));
    expect(res.statusCode, res.body).toBe(200);
    const hold = res.json<{
      clientSecret: string | null;
      bookingId: string;
      amount: number;
      voucherAmount: number;
    }>();
    expect(hold).toMatchObject({ clientSecret: null, amount: 0, voucherAmount: 10000 });
    expect(await balanceOf(db, voucher.id)).toBe(5000);

    const paid = await t.app.inject({
      method: 'POST',
      url: bookingUrl(t.ctx, hold.bookingId, '/pay-with-voucher'),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ booking: { booking: { status: 'paid', voucherAmount: 100 } } });
    expect(
      paid.json<{ booking: { booking: { tickets: unknown[] } } }>().booking.booking.tickets,
    ).toHaveLength(2);
    // Idempotent.
    expect(
      (await t.app.inject({ method: 'POST', url: bookingUrl(t.ctx, hold.bookingId, '/pay-with-voucher') }))
        .statusCode,
    ).toBe(200);
    expect(await balanceOf(db, voucher.id)).toBe(5000);
    expect((await ledgerOf(db, hold.bookingId)).netCents).toBe(10000);
  });

  it('a booking paid 60 % by voucher and 40 % by card, canceled: each gets its share back', async () => {
    const { voucher } = await buyVoucher(6000);
    const trip = await nextTrip();
    const checkout = await startCheckout(
      t.app,
      withVoucher(trip, voucher.code, { customer: { name: 'Ana', email: 'share@example.com' } }),
    );
    expect(checkout).toMatchObject({ voucherAmount: 6000, amount: 4000 });
    expect((await payByCard(t.app, checkout.clientSecret)).json()).toEqual({ status: 'succeeded' });
    expect((await confirmReturn(t.app, checkout.intentId)).statusCode).toBe(200);
    expect(await balanceOf(db, voucher.id)).toBe(0);

    const token = await customerToken(t.ctx, checkout.bookingId);
    const quote = await t.app.inject(`/api/bookings/${checkout.bookingId}/cancellation?token=${token}`);
    expect(quote.json()).toMatchObject({ paid: 100, refund: 100, refundToVoucher: 60, refundToCard: 40 });
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${checkout.bookingId}/cancel`,
      payload: { token, expectedRefund: 100 },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ refund: 100, booking: { status: 'refunded' } });

    const details = await adminDetails(checkout.bookingId);
    expect(details.refunds.map((r) => [r.amount, r.status]).sort()).toEqual([
      [40, 'succeeded'],
      [60, 'succeeded'],
    ]);
    expect(details.netReceived).toBe(0);
    expect(await balanceOf(db, voucher.id)).toBe(6000);
    expect((await balance(voucher.code)).balance).toBe(6000);
    // The card's share went through the provider: the sandbox intent shows it refunded.
    const intent = await t.ctx.payments.retrieveIntent(checkout.intentId);
    expect(intent.amountRefundedCents).toBe(4000);
    // The cancellation e-mail says once where the refund goes: shared, never "all to the card".
    const [canceled] = (await mailsTo('share@example.com')).filter((m) =>
      mailText(m.raw).includes(
        emailText('en', 'canceledByCustomer.refundToVoucherAndCard', {
          amount: '€100.00',
          percent: '100',
          voucher: '€60.00',
          card: '€40.00',
        }),
      ),
    );
    expect(canceled).toBeDefined();
    expect(mailText(canceled!.raw)).not.toContain('(100 %) to the card you paid with');
  });

  it('a refund on its way back to a voucher counts against its payment from the moment it is asked', async () => {
    // The ledger's rule (paymentHoldsCents, docs/payments.md#ledger): a pending refund is money
    // leaving the payment. Counting only succeeded refunds, as the voucher's balance once did, would
    // show €0 and a €60 redemption below while the €30 is neither on the booking nor on the voucher.
    const { voucher } = await buyVoucher(6000);
    const trip = await nextTrip();
    const checkout = await startCheckout(
      t.app,
      withVoucher(trip, voucher.code, { customer: { name: 'Ana', email: 'pending-back@example.com' } }),
    );
    expect((await payByCard(t.app, checkout.clientSecret)).json()).toEqual({ status: 'succeeded' });
    expect((await confirmReturn(t.app, checkout.intentId)).statusCode).toBe(200);
    expect((await balance(voucher.code)).balance).toBe(0);

    // €50 back, asked and committed; the server stops before carrying it out (the reconciliation
    // job finishes it): €30 on its way to the voucher, €20 to the card (60 : 40).
    await db.transaction((tx) =>
      requestRefund(tx, checkout.bookingId, {
        amountCents: 5000,
        actor: 'admin@adboatrental.example',
        reason: 'Goodwill',
        cause: 'operator',
      }),
    );
    const redemption = async () => {
      const res = await t.app.inject({
        url: `/api/admin/gift-vouchers?q=${voucher.code}`,
        headers: bearer(admin),
      });
      const [listed] = res.json<AdminGiftVouchersPage>().items;
      return listed?.redemptions.map((r) => [r.bookingId, r.amount]);
    };
    const pendingRefunds = (await adminDetails(checkout.bookingId)).refunds.map((r) => [r.amount, r.status]);
    expect(pendingRefunds.sort()).toEqual([
      [20, 'pending'],
      [30, 'pending'],
    ]);
    expect((await balance(voucher.code)).balance).toBe(3000);
    expect(await redemption()).toEqual([[checkout.bookingId, 3000]]);
    // What is left to refund is the other €50, shared again 60 : 40 of what each way still holds.
    expect((await ledgerOf(db, checkout.bookingId)).refundableCents).toBe(5000);

    // Carried out: the same figures, nothing counted twice.
    await reconcilePayments(t.ctx);
    const done = (await adminDetails(checkout.bookingId)).refunds.map((r) => [r.amount, r.status]);
    expect(done.sort()).toEqual([
      [20, 'succeeded'],
      [30, 'succeeded'],
    ]);
    expect((await balance(voucher.code)).balance).toBe(3000);
    expect(await redemption()).toEqual([[checkout.bookingId, 3000]]);
    expect((await t.ctx.payments.retrieveIntent(checkout.intentId)).amountRefundedCents).toBe(2000);
  });

  it('six concurrent checkouts on one balance: one spends it, the others are refused', async () => {
    const { voucher } = await buyVoucher(10000);
    const sixTrips = [];
    for (let i = 0; i < 6; i++) sixTrips.push(await nextTrip());
    // Six trips and six addresses, so nothing but the voucher's own lock makes them queue.
    const answers = await Promise.all(
      sixTrips.map((trip, i) => requestHold(t.app, withVoucher(trip, voucher.code), `10.0.0.${i + 1}`)),
    );
    const codes = answers.map((r) => (r.statusCode === 200 ? 'ok' : refusalOf(r))).sort();
    expect(codes).toEqual([
      'ok',
      'voucherSpent',
      'voucherSpent',
      'voucherSpent',
      'voucherSpent',
      'voucherSpent',
    ]);
    expect(await balanceOf(db, voucher.id)).toBe(0);
  });

  it('a released hold gives its reservation back, and so does a lapsed one once swept', async () => {
    const { voucher } = await buyVoucher(3000);
    const trip = await nextTrip();
    const checkout = await startCheckout(t.app, withVoucher(trip, voucher.code));
    expect(checkout).toMatchObject({ voucherAmount: 3000 });
    expect(await balanceOf(db, voucher.id)).toBe(0);
    const released = await t.app.inject({
      method: 'POST',
      url: bookingUrl(t.ctx, checkout.bookingId, '/release'),
    });
    expect(released.statusCode).toBe(200);
    expect(await balanceOf(db, voucher.id)).toBe(3000);

    const lapsing = await startCheckout(t.app, withVoucher(await nextTrip(), voucher.code));
    expect(await balanceOf(db, voucher.id)).toBe(0);
    t.setNow(new Date(Date.parse(lapsing.holdExpiresAt) + 60_000));
    try {
      await expireLapsedHolds(t.ctx);
    } finally {
      t.setNow(NOW);
    }
    expect(await balanceOf(db, voucher.id)).toBe(3000);
  });

  it('an expired voucher cannot pay; its remaining balance is shown', async () => {
    const { voucher } = await buyVoucher(4000);
    const later = new Date(NOW.getTime() + 25 * 31 * DAY);
    t.setNow(later);
    try {
      expect(await balance(voucher.code)).toMatchObject({ balance: 4000, status: 'expired' });
      const quote = await t.app.inject(`/api/boat/${boat.id}/voucher?code=${voucher.code}&total=10000`);
      expect(refusalOf(quote)).toBe('voucherExpired');
      const trip = await createSharedTrip(db, boat.id, new Date(later.getTime() + 5 * DAY), {
        seatsTotal: 40,
      });
      expect(refusalOf(await requestHold(t.app, withVoucher(trip, voucher.code)))).toBe('voucherExpired');
    } finally {
      t.setNow(NOW);
    }
  });

  it('unknown and unpaid codes are refused naming booking.voucherCode', async () => {
    const trip = await nextTrip();
    expect(refusalOf(await requestHold(t.app, withVoucher(trip, 'GV-2222-3333')))).toBe('voucherUnknown');
    expect(refusalOf(await requestHold(t.app, withVoucher(trip, 'nonsense')))).toBe('voucherUnknown');
    const res = await postPurchase(purchase());
    const pendingId = res.json<GiftVoucherPurchaseResponse>().voucherId;
    const page = (
      await t.app.inject({ url: '/api/admin/gift-vouchers?status=pending', headers: bearer(admin) })
    ).json<AdminGiftVouchersPage>();
    const pending = page.items.find((v) => v.id === pendingId);
    expect(pending?.status).toBe('pending');
    if (!pending) return;
    expect(refusalOf(await requestHold(t.app, withVoucher(trip, pending.code)))).toBe('voucherNotPaid');
  });

  it('the admin lists vouchers with balance and redemptions; nobody else may', async () => {
    const res = await t.app.inject({ url: '/api/admin/gift-vouchers', headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<AdminGiftVouchersPage>();
    expect(page.items.length).toBeGreaterThan(3);
    const redeemed = page.items.find((v) => v.redemptions.length > 0);
    expect(redeemed?.redemptions[0]).toMatchObject({ reference: expect.stringMatching(/^[A-Z0-9]{8}$/) });
    expect((await t.app.inject('/api/admin/gift-vouchers')).statusCode).toBe(401);
  });
});

describe('the demo data', async () => {
  const demo = await buildTestApp({ template: 'demo' });
  it('has an active voucher and one partly spent on a paid booking, its rest paid by card', async () => {
    const active = await demo.app.inject('/api/gift-vouchers/balance?code=gv-sunn-yday');
    expect(active.json()).toMatchObject({ code: 'GV-SUNN-YDAY', balance: 15000, status: 'active' });
    const spent = await demo.app.inject('/api/gift-vouchers/balance?code=GV-WAVE-PART');
    expect(spent.json()).toMatchObject({ balance: 4000, status: 'active' });

    const demoAdmin = await tokenFor(demo, 'admin');
    const list = (
      await demo.app.inject({ url: '/api/admin/gift-vouchers?q=WAVE', headers: bearer(demoAdmin) })
    ).json<AdminGiftVouchersPage>();
    const redemption = list.items[0]?.redemptions[0];
    expect(redemption?.amount).toBe(6000);
    if (!redemption) return;
    const res = await demo.app.inject({
      url: `/api/admin/bookings/${redemption.bookingId}`,
      headers: bearer(demoAdmin),
    });
    const booking = adminBookingDetailsSchema.parse(res.json());
    expect(booking.status).toBe('paid');
    expect(booking.netReceived).toBe(booking.amountGross);
    expect(booking.payments.map((p) => p.method).sort()).toEqual(['card', 'voucher']);
  });
});
