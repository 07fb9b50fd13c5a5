// Owners' earnings derived from the ledger (docs/payments.md#from-a-card-to-an-owners-bank): a
// completed trip earns its owner the split of what the booking kept, at the rate it was sold at;
// a refund after the trip is a negative line; the lines of a booking add up to one split. The
// owner's statement (docs/payments.md#the-owners-statement) shows each line's gross and refunds
// too, and its CSV adds up to the cent.
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { earningsStatementCsv, monthLines, statementTotals } from '@boats/domain/earnings-statement';
import type {
  OwnerEarningsResponse,
  OwnerPayoutsResponse,
  OwnerStatementResponse,
} from '@boats/domain/schemas/payouts';
import { ownerEarningLines } from '../../../src/db/schema';
import { refundBooking } from '../../../src/modules/bookings/refunds';
import { csvLanguage } from '../../../src/locale-texts';
import { syncCompletedEarnings } from '../../../src/modules/earnings/earnings';
import { completeEndedTrips } from '../../../src/modules/jobs/trip-completion';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import {
  buyAndConfirm,
  checkoutTestApp,
  confirmReturn,
  createBoat,
  createSharedTrip,
  payByCard,
  sharedRequest,
} from '../../helpers/checkout-fixtures';

describe('an owner’s earnings', () => {
  it('a completed trip earns the split of the money kept; a refund after it is a negative line', async () => {
    const { t, db } = await checkoutTestApp();
    const ownerId = await newOwner(t, { commissionBps: 1250 });
    const boat = await createBoat(db, { ownerId });
    const trip = await createSharedTrip(db, boat.id, new Date('2027-06-20T09:00:00Z'));
    // €75 (an adult and a child for two hours) at 12.5 %.
    const sale = await buyAndConfirm(
      t.app,
      sharedRequest(boat.id, trip, { adults: 1, children50: 1, kidsFree: 0 }),
    );
    const linesOf = () =>
      db
        .select()
        .from(ownerEarningLines)
        .where(eq(ownerEarningLines.bookingId, sale.bookingId))
        .orderBy(asc(ownerEarningLines.createdAt));

    expect(await completeEndedTrips(t.ctx)).toBe(0);
    expect(await linesOf()).toEqual([]);

    t.setNow(new Date('2027-06-20T12:00:00Z'));
    expect(await completeEndedTrips(t.ctx)).toBe(1);
    // €9.375 rounds half up once to €9.38; payable three days after the trip ended (11:00 UTC).
    expect(await linesOf()).toMatchObject([
      {
        ownerId,
        kind: 'trip',
        netCents: 7500,
        feeCents: 938,
        ownerCents: 6562,
        commissionBps: 1250,
        payableAt: new Date('2027-06-23T11:00:00Z'),
      },
    ]);

    // The operator's goodwill after the trip: €10.01 back; the booking stays completed.
    t.setNow(new Date('2027-06-21T08:00:00Z'));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${sale.bookingId}/refund`,
      headers: { authorization: `Bearer ${await tokenFor(t)}` },
      payload: { amount: 10.01, reason: 'Goodwill: the sea was rough' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'completed', platformFee: 8.12, ownerAmount: 56.87 });
    const lines = await linesOf();
    // €64.99 kept: the fee of the whole booking is €8.12 (8.12375 rounded once), so the new line
    // takes back €1.26 of fee and €8.75 of the owner's share, payable at once.
    expect(lines[1]).toMatchObject({
      kind: 'adjustment',
      netCents: -1001,
      feeCents: -126,
      ownerCents: -875,
      payableAt: new Date('2027-06-21T08:00:00Z'),
    });
    const sum = (key: 'netCents' | 'feeCents' | 'ownerCents') => lines.reduce((n, l) => n + l[key], 0);
    expect([sum('netCents'), sum('feeCents'), sum('ownerCents')]).toEqual([6499, 812, 5687]);

    // The repair pass finds nothing to add: the lines already say what the ledger says.
    expect(await syncCompletedEarnings(t.ctx)).toBe(0);
    expect(await linesOf()).toHaveLength(2);

    // An older intent of the booking paid after the trip (€75 more kept): its settlement writes
    // the owner's line with the payment, before any payout run or invoice looks. €139.99 kept:
    // the fee of the whole is €17.50 (17.49875), €9.38 more than the €8.12 already taken.
    const stray = await t.ctx.payments.createIntent({
      amountCents: 7500,
      currency: 'eur',
      metadata: { bookingId: sale.bookingId },
      idempotencyKey: 'stray-intent',
    });
    expect((await payByCard(t.app, stray.clientSecret)).json()).toEqual({ status: 'succeeded' });
    await confirmReturn(t.app, stray.id);
    expect(await linesOf()).toHaveLength(3);
    expect((await linesOf())[2]).toMatchObject({
      kind: 'adjustment',
      netCents: 7500,
      feeCents: 938,
      ownerCents: 6562,
    });
    expect(await syncCompletedEarnings(t.ctx)).toBe(0);
  }, 120_000);

  it('the statement shows gross, refunds, net, fee and share per booking, and its CSV adds up', async () => {
    const { t, db } = await checkoutTestApp();
    const ownerId = await newOwner(t, { commissionBps: 1250 });
    const boat = await createBoat(db, { ownerId });
    const trip = await createSharedTrip(db, boat.id, new Date('2027-06-20T09:00:00Z'));
    const tickets = { adults: 1, children50: 1, kidsFree: 0 };
    // Two €75 sales on one trip at 12.5 %: one refunded in part before the trip, one after it.
    const before = await buyAndConfirm(t.app, sharedRequest(boat.id, trip, tickets));
    const after = await buyAndConfirm(t.app, sharedRequest(boat.id, trip, tickets));
    // Tokens are minted at the test clock's now, so each call signs in afresh.
    const asAdmin = async () => bearer(await tokenFor(t));
    const asOwner = async () => bearer(await tokenFor(t, 'owner', { ownerId }));
    const refund = async (bookingId: string, amount: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/bookings/${bookingId}/refund`,
        headers: await asAdmin(),
        payload: { amount, reason: 'Goodwill' },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // Before the trip (a passenger less, say): the ledger's refund, as the season test makes them.
    await refundBooking(t.ctx, before.bookingId, {
      amountCents: 501,
      actor: 'test',
      reason: 'A passenger less',
      cause: 'operator',
    });
    t.setNow(new Date('2027-06-20T12:00:00Z'));
    expect(await completeEndedTrips(t.ctx)).toBe(2);
    t.setNow(new Date('2027-06-21T08:00:00Z'));
    await refund(after.bookingId, 10.01);

    const res = await t.app.inject({ url: '/api/owner/earnings', headers: await asOwner() });
    expect(res.statusCode, res.body).toBe(200);
    const { lines } = res.json<OwnerEarningsResponse>();
    const figures = (bookingId: string, kind: 'trip' | 'adjustment') =>
      lines
        .filter((l) => l.bookingId === bookingId && l.kind === kind)
        .map(({ gross, refunds, net, fee, share }) => ({ gross, refunds, net, fee, share }));
    // Refunded before the trip: the trip line says what was paid and what went back.
    expect(figures(before.bookingId, 'trip')).toEqual([
      { gross: 75, refunds: 5.01, net: 69.99, fee: 8.75, share: 61.24 },
    ]);
    expect(figures(before.bookingId, 'adjustment')).toEqual([]);
    // Refunded after the trip: the trip line as sold, then a line with nothing paid and €10.01 back.
    expect(figures(after.bookingId, 'trip')).toEqual([
      { gross: 75, refunds: 0, net: 75, fee: 9.38, share: 65.62 },
    ]);
    expect(figures(after.bookingId, 'adjustment')).toEqual([
      { gross: 0, refunds: 10.01, net: -10.01, fee: -1.26, share: -8.75 },
    ]);

    // The month: gross − refunds = net and fee + share = net (no commission invoice was issued in
    // it, so no IGIC withheld), and each booking's gross and refunds are what its ledger received
    // and refunded.
    const month = monthLines(lines, '2027-06');
    const totals = statementTotals(month);
    expect(totals).toEqual({
      channelCommission: 0,
      agentCommissionInvoiced: 0,
      gross: 150,
      platformCover: 0,
      refunds: 15.02,
      net: 134.98,
      fee: 16.87,
      igic: 0,
      share: 118.11,
    });

    // The CSV in the owner's Spanish: every amount column sums, row by row, to its total row, and
    // the totals are the statement's.
    const rows = earningsStatementCsv(lines, '2027-06', csvLanguage('es'))
      .trimEnd()
      .split('\r\n')
      .map((row) => row.split(';'));
    expect(rows[0]).toEqual([
      'fecha de la salida',
      'hora',
      'referencia',
      'cliente',
      'factura (expedida por la plataforma)',
      'concepto',
      'vendido por',
      'comisión del vendedor (EUR)',
      'pagado bruto (EUR)',
      'del cual pagado por la plataforma (EUR)',
      'factura del propietario a la plataforma por ello',
      'reembolsos (EUR)',
      'pagado neto (EUR)',
      'comisión (%)',
      'comisión de la plataforma (EUR)',
      'IGIC de la comisión (EUR)',
      'factura de comisión de la plataforma',
      'comisión del agente facturada a usted (EUR)',
      'tu parte (EUR)',
      'pago',
      'fecha del pago',
      'id de la transferencia',
    ]);
    const body = rows.slice(1, -1);
    expect(body).toHaveLength(3);
    const cents = (cell: string) => Math.round(Number(cell.replace(',', '.')) * 100);
    const total = rows.at(-1)!;
    for (const column of [7, 8, 9, 11, 12, 14, 15, 17, 18]) {
      expect(
        body.reduce((sum, row) => sum + cents(row[column]!), 0),
        rows[0]![column],
      ).toBe(cents(total[column]!));
    }
    expect([7, 8, 9, 11, 12, 14, 15, 17, 18].map((column) => total[column])).toEqual([
      '0,00',
      '150,00',
      '0,00',
      '15,02',
      '134,98',
      '16,87',
      '0,00',
      '0,00',
      '118,11',
    ]);
    for (const row of body) {
      expect(cents(row[8]!) - cents(row[11]!)).toBe(cents(row[12]!));
      expect(cents(row[14]!) + cents(row[15]!) + cents(row[18]!)).toBe(cents(row[12]!));
    }

    // The payout carries the same lines with the same figures and the trip they belong to.
    t.setNow(new Date('2027-06-24T12:00:00Z'));
    const run = await t.app.inject({
      method: 'POST',
      url: '/api/admin/payouts/run',
      headers: await asAdmin(),
    });
    expect(run.statusCode, run.body).toBe(200);
    const [listed] = (
      await t.app.inject({ url: '/api/owner/payouts', headers: await asOwner() })
    ).json<OwnerPayoutsResponse>().payouts;
    expect(listed).toMatchObject({ amount: 118.11, state: 'paid', lineCount: 3 });
    const [payout] = (
      await t.app.inject({ url: '/api/owner/statement?month=2027-06', headers: await asOwner() })
    ).json<OwnerStatementResponse>().payouts;
    expect(payout).toMatchObject({ _id: listed!._id });
    expect(statementTotals(payout!.lines)).toEqual(totals);
    expect(new Set(payout!.lines.map((l) => l.tripStartsAt))).toEqual(new Set([trip.startsAt.toISOString()]));

    // Each line of the statement now says the payout it went into: its day and transfer id.
    expect(listed!.transferId).toBeTruthy();
    const paidLines = (
      await t.app.inject({ url: '/api/owner/earnings?month=2027-06', headers: await asOwner() })
    ).json<OwnerEarningsResponse>().lines;
    const paidRows = earningsStatementCsv(paidLines, '2027-06', csvLanguage('es'))
      .trimEnd()
      .split('\r\n')
      .map((row) => row.split(';'));
    expect(paidRows.slice(1, -1).map((row) => row.slice(19))).toEqual(
      Array.from({ length: 3 }, () => ['en un pago', '2027-06-24', listed!.transferId]),
    );
  }, 120_000);
});
