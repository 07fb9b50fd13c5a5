// Model-based test of a booking's invoices (fast-check, PostgreSQL; docs/invoicing.md#a-document-is-frozen-at-issue
// and #a-full-invoice-after-a-rectification): each run sells seats on a shared trip of an owner
// the platform invoices for (a price from 20 € to 1,200 €: simplified invoices and full ones
// without the recipient's tax id), then drives a random sequence of what the customer does with
// the booking through the public routes: a change of date to a dearer, cheaper or equal trip (the
// dearer one paid by card), a company's full invoice, the admin's cancellation of that full
// invoice as issued by mistake (docs/invoicing.md#a-document-issued-by-mistake), the admin's change
// of its company's data by a rectifying invoice by substitution
// (docs/invoicing.md#changing-the-recipients-data), and the customer's cancellation under the
// policy. Whatever the order (and the refusals: a second change, a second full invoice, a full
// invoice rectified since, anything after the cancel), afterwards:
// - the booking's standing documents (those no full invoice or substitution replaced, not
//   cancelled) add up to the money the ledger says it kept;
// - every document it was issued renders to the same PDF, byte for byte, as right after its issue
//   (nothing is drawn from the booking as it is now), and its stored document is unchanged;
// And after all runs: every issuer's chain verifies from its head, and the fake AEAT, keeping the
// AEAT's record validations, accepts every record. BOOKING_DOCUMENTS_RUNS (default 200) runs.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BookingInvoicesResponse } from '@boats/domain/schemas/manage-booking';
import { centsToEuros } from '@boats/domain/money';
import { bookings } from '../../../src/db/schema';
import { checkChains } from '../../../src/modules/verifactu/chain-check';
import { startFakeAeat } from '../../../src/dev/fake-aeat';
import { aeatSubmissions, billingRecords } from '../../../src/modules/verifactu/schema';
import { soapTaxAuthority } from '../../../src/modules/verifactu/aeat-connection';
import { ledgerOf } from '../../../src/modules/payments/ledger';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import {
  buyAndConfirm,
  CARDS,
  createBoat,
  createSharedTrip,
  HOUR,
  payByCard,
  RETURN_URL,
  sharedRequest,
} from '../../helpers/checkout-fixtures';
import { customerToken } from '../../helpers/manage-token';
import { sendEveryRecord } from '../../helpers/billing-records';
import { buildTestApp } from '../../helpers/test-app';

const RUNS = Number(process.env.BOOKING_DOCUMENTS_RUNS ?? 100);
const NOW = new Date('2027-06-01T09:00:00Z');
const DAY = 24 * HOUR;
const two = { adults: 2, children50: 0, kidsFree: 0 };

type Op =
  | { kind: 'move'; seatPriceCents: number }
  | { kind: 'company' }
  | { kind: 'cancelFullInvoice' }
  | { kind: 'changeRecipient' }
  | { kind: 'cancel' };

/** A seat-hour's price: two seats for two hours cost four times it (20 € to 1,200 €). */
const seatPrice = fc.integer({ min: 500, max: 30_000 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: seatPrice.map((seatPriceCents) => ({ kind: 'move' as const, seatPriceCents })) },
  { weight: 2, arbitrary: fc.constant({ kind: 'company' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'cancelFullInvoice' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'changeRecipient' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'cancel' as const }) },
);

describe('a booking’s documents add up and never change: model-based (PostgreSQL)', async () => {
  const t = await buildTestApp({
    template: 'empty',
    now: NOW,
    env: {
      MAX_LIVE_HOLDS_PER_IP: '100000',
      OPERATOR_LEGAL_NAME: 'AD Boat Rental S.L.',
      OPERATOR_TAX_ID: 'B76543217',
    },
  });
  const db = t.ctx.db;
  const owner = await newOwner(t, { legalName: 'Marlin Charters S.L.', taxId: 'B12345674' });
  const admin = bearer(await tokenFor(t, 'admin'));
  let run = 0;
  let clients = 0;

  /** Every PDF a document rendered to right after its issue, by invoice id. */
  const firstPdfs = new Map<string, Buffer>();
  const invoicesOf = async (id: string, token: string) => {
    const res = await t.app.inject(`/checkout/booking/${id}/invoices?token=${token}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BookingInvoicesResponse>().invoices;
  };
  const pdfOf = async (id: string, token: string, invoiceId: string) => {
    const res = await t.app.inject(`/checkout/booking/${id}/invoices/${invoiceId}/pdf?token=${token}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.rawPayload;
  };
  /** Renders each new document once, as the customer downloads it right after its issue. */
  const keepNewPdfs = async (id: string, token: string) => {
    for (const invoice of await invoicesOf(id, token)) {
      if (!firstPdfs.has(invoice._id)) firstPdfs.set(invoice._id, await pdfOf(id, token, invoice._id));
    }
  };

  it(`after any sequence of changes, full invoices and cancels (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(seatPrice, fc.array(opArb, { maxLength: 4 }), async (firstPrice, ops) => {
        run += 1;
        // A boat per run, its trips on one day a few days ahead, hours apart.
        const boat = await createBoat(db, { ownerId: owner });
        const day = new Date(NOW.getTime() + (5 + (run % 40)) * DAY);
        let trips = 0;
        const trip = (seatPriceCents: number) =>
          createSharedTrip(db, boat.id, new Date(day.getTime() + 3 * HOUR * trips++), { seatPriceCents });
        const sold = await trip(firstPrice);
        const { bookingId: id } = await buyAndConfirm(
          t.app,
          sharedRequest(boat.id, sold, two, { customer: { name: 'Model', email: 'model@example.com' } }),
          `203.0.113.${(++clients % 250) + 1}`,
        );
        const token = await customerToken(t.ctx, id);
        // The customer's own address: manage my booking limits each one's writes.
        const remoteAddress = `198.51.100.${(run % 250) + 1}`;
        await keepNewPdfs(id, token);

        for (const op of ops) {
          if (op.kind === 'move') {
            const to = await trip(op.seatPriceCents);
            const [booking] = await db.select().from(bookings).where(eq(bookings.id, id));
            const difference = centsToEuros(op.seatPriceCents * 4 - booking!.amountGrossCents);
            const moved = await t.app.inject({
              method: 'POST',
              url: `/api/bookings/${id}/reschedule`,
              remoteAddress,
              payload: { token, slotId: to.id, expectedDifference: difference },
            });
            // A change the policy no longer allows (one per booking), or after the cancel: nothing.
            if (moved.statusCode === 200) {
              const payment = moved.json<{ payment?: { clientSecret: string } }>().payment;
              if (payment) {
                const paid = await payByCard(
                  t.app,
                  payment.clientSecret,
                  CARDS.ok,
                  RETURN_URL,
                  remoteAddress,
                );
                expect(paid.statusCode, paid.body).toBe(200);
                const intentId = payment.clientSecret.slice(0, payment.clientSecret.indexOf('_secret_'));
                const confirmed = await t.app.inject({
                  method: 'POST',
                  url: `/api/bookings/${id}/reschedule/confirm`,
                  remoteAddress,
                  payload: { token, paymentIntentId: intentId },
                });
                expect(confirmed.statusCode, confirmed.body).toBe(200);
              }
            } else {
              expect(moved.statusCode, moved.body).toBe(409);
            }
          } else if (op.kind === 'company') {
            const asked = await t.app.inject({
              method: 'POST',
              url: `/api/bookings/${id}/invoice`,
              remoteAddress,
              payload: { token, name: 'Teno Eventos S.L.', taxId: 'B35000009', address: 'Calle Castillo 2' },
            });
            expect([200, 409], asked.body).toContain(asked.statusCode);
          } else if (op.kind === 'cancelFullInvoice') {
            // The admin cancels the standing full invoice, if there is one; refused once rectified.
            const full = (await invoicesOf(id, token)).findLast(
              (i) => i.invoiceType === 'F3' && !i.cancelled,
            );
            if (full) {
              const canceled = await t.app.inject({
                method: 'POST',
                url: `/api/admin/invoicing/customer-invoices/${full._id}/cancellation`,
                headers: admin,
              });
              expect([200, 409], canceled.body).toContain(canceled.statusCode);
            }
          } else if (op.kind === 'changeRecipient') {
            // The admin changes the company's data of the standing invoice naming one (the full
            // invoice, or its substitution); refused once rectified or cancelled.
            const named = (await invoicesOf(id, token)).findLast(
              (i) => i.company !== null && !i.replaced && !i.cancelled,
            );
            if (named) {
              const changed = await t.app.inject({
                method: 'POST',
                url: `/api/admin/invoicing/customer-invoices/${named._id}/recipient`,
                headers: admin,
                payload: {
                  name: 'Teno Eventos Sociedad Limitada',
                  taxId: 'B38765434',
                  address: 'Calle Castillo 2',
                },
              });
              expect([200, 409], changed.body).toContain(changed.statusCode);
            }
          } else {
            const quote = await t.app.inject(`/api/bookings/${id}/cancellation?token=${token}`);
            if (quote.statusCode === 200) {
              const { refund } = quote.json<{ refund: number }>();
              const canceled = await t.app.inject({
                method: 'POST',
                url: `/api/bookings/${id}/cancel`,
                remoteAddress,
                payload: { token, expectedRefund: refund },
              });
              expect([200, 409], canceled.body).toContain(canceled.statusCode);
            }
          }
          await keepNewPdfs(id, token);
        }

        // The documents that stand add up to what the booking kept.
        const listed = await invoicesOf(id, token);
        const standing = listed.filter((i) => !i.replaced && !i.cancelled);
        const standingCents = standing.reduce((sum, i) => sum + Math.round(i.total * 100), 0);
        expect(standingCents).toBe((await ledgerOf(db, id)).netCents);
        // Each document renders as it did when issued, whatever happened to the booking since.
        for (const invoice of listed) {
          const now = await pdfOf(id, token, invoice._id);
          expect(Buffer.from(now).equals(Buffer.from(firstPdfs.get(invoice._id)!)), invoice.number).toBe(
            true,
          );
        }
      }),
      { numRuns: RUNS },
    );

    // Every chain verifies from its head.
    expect((await checkChains(db)).ok).toBe(true);
    // The fake AEAT, keeping the AEAT's validations, accepts every record.
    const fake = await startFakeAeat({ now: t.ctx.now });
    try {
      const aeat = soapTaxAuthority({ url: fake.url, where: 'the fake AEAT', timeoutMs: 60_000 });
      await sendEveryRecord(t, aeat, 100);
      const states = await db.select({ state: aeatSubmissions.state }).from(aeatSubmissions);
      expect(states.filter((s) => s.state !== 'accepted')).toEqual([]);
      expect(states.length).toBe((await db.select().from(billingRecords)).length);
    } finally {
      await fake.close();
    }
  }, 600_000);
});
