// The agents' line of the platform's commission invoice (docs/decisions/0036-the-channel-commission-an-owner-bears.md):
// an agent's cash sale of €120 on 10 % on a boat whose owner pays 12 % reaches the platform as
// €108 (fee €12.96, share €95.04) while the owner's invoice to the customer is €120. July's
// commission invoice charges the owner the fee and the agent's €12, its IGIC on both withheld;
// its VERI*FACTU record covers that total; the statement names the invoice and the €12; and the
// sale refunded in full after the invoice (the agent hands the cash back, its commission with it)
// is credited, fee and agent's commission, on September's credit note, and the customer's
// rectifying invoice and refund e-mail give back the whole €120. A site sale's line carries no
// agent's commission.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatEuros } from '@boats/domain/money';
import type { Invoice, IssueInvoicesResponse } from '@boats/domain/schemas/invoices';
import type { OwnerEarningsResponse } from '@boats/domain/schemas/payouts';
import { refundBooking } from '../../../src/modules/bookings/refunds';
import { invoicesOfBooking } from '../../../src/modules/invoices/customer-invoices';
import { commissionDocument, invoicePdf } from '../../../src/modules/invoices/invoice-pdf';
import { completeEndedTrips } from '../../../src/modules/jobs/trip-completion';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { emailOutbox } from '../../../src/modules/mail/schema';
import { billingRecords } from '../../../src/modules/verifactu/schema';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { buyAndConfirm, createBoat, createSlot, sharedRequest } from '../../helpers/checkout-fixtures';
import { newAgentDesk, sellForCash } from '../../helpers/agent-fixture';
import { buildTestApp } from '../../helpers/test-app';

// 09:00 in the Canaries (summer time); the trip leaves at 11:00 for three hours.
const NOW = new Date('2027-07-10T08:00:00Z');

describe("the commission invoice's agents' line", async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const admin = bearer(await tokenFor(t, 'admin'));
  const ownerId = await newOwner(t, { commissionBps: 1200 });
  // Signed at each call: the clock moves by months.
  const asAdmin = async () => bearer(await tokenFor(t, 'admin'));
  const asOwner = async () => bearer(await tokenFor(t, 'owner', { ownerId }));
  const boat = await createBoat(db, { ownerId });
  // €20 a seat per hour: an adult €60.
  const trip = await createSlot(db, boat.id, {
    type: 'shared',
    start: new Date('2027-07-10T10:00:00Z'),
    hours: 3,
    seatsTotal: 8,
    seatPriceCents: 2000,
  });
  const desk = await newAgentDesk(t, admin, NOW);
  const agentSale = await sellForCash(t, desk, trip.id);
  const siteSale = (
    await buyAndConfirm(
      t.app,
      sharedRequest(
        boat.id,
        trip,
        { adults: 1, children50: 0, kidsFree: 0 },
        { customer: { name: 'Ana', email: 'ana@example.com' } },
      ),
    )
  ).bookingId;
  t.setNow(new Date('2027-07-10T14:00:00Z'));
  expect(await completeEndedTrips(t.ctx)).toBe(2);

  const issue = async (period: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/invoices/issue',
      headers: await asAdmin(),
      payload: { period },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<IssueInvoicesResponse>().issued;
  };
  const detail = async (id: string) => {
    const res = await t.app.inject({ url: `/api/owner/invoices/${id}`, headers: await asOwner() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Invoice>();
  };
  const earnings = async (month: string) => {
    const res = await t.app.inject({ url: `/api/owner/earnings?month=${month}`, headers: await asOwner() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<OwnerEarningsResponse>().lines;
  };
  const mailsToBecker = async () =>
    (
      await db
        .select({ text: emailOutbox.textBody })
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, 'becker@example.de'))
        .orderBy(emailOutbox.createdAt)
    ).map((m) => m.text);
  const recordOf = async (number: string) => {
    const [record] = await db.select().from(billingRecords).where(eq(billingRecords.numSerie, number));
    if (record?.content.kind !== 'alta') throw new Error(`no record of ${number}`);
    return record.content;
  };

  t.setNow(new Date('2027-08-01T06:00:00Z'));
  const [july] = await issue('2027-07');

  it("invoices the fees and the agent's commission, IGIC on both, and withholds that IGIC", async () => {
    // Fees: €12.96 (the agent's sale) + €7.20 (the site's €60 at 12 %); the agent's €12.
    expect(july).toMatchObject({ kind: 'invoice', base: 32.16, igic: 2.25, total: 34.41 });
    const invoice = await detail(july!._id);
    const lineOf = (bookingId: string) => invoice.lines.find((l) => l.bookingId === bookingId);
    expect(lineOf(agentSale)).toMatchObject({
      net: 108,
      fee: 12.96,
      agentCommission: 12,
      agentName: 'Hotel Mar desk',
    });
    expect(lineOf(siteSale)).toMatchObject({ net: 60, fee: 7.2, agentCommission: 0, agentName: null });
    // What the owner's money lost is on the documents: the customer's €120 − fee − the agent's
    // €12 = the share, and the IGIC the invoice says is the IGIC kept.
    const lines = await earnings('2027-07');
    const trip = lines.find((l) => l.bookingId === agentSale)!;
    expect(120 - trip.fee - 12).toBeCloseTo(trip.share, 2);
    const august = await earnings('2027-08');
    expect(august.find((l) => l.kind === 'commission_igic')).toMatchObject({
      igic: 2.25,
      share: -2.25,
      invoice: july!.number,
    });
  });

  it('records the whole base with the AEAT, the agents named in its description', async () => {
    const record = await recordOf(july!.number);
    expect(record.lines).toEqual([expect.objectContaining({ base: '32.16', quota: '2.25', rate: '7.00' })]);
    expect(record.totalAmount).toBe('34.41');
    expect(record.description).toBe(
      'Comisión de intermediación de reservas y comisiones de agentes por ventas en su nombre, 2027-07',
    );
  });

  it('prints the agents’ line in the owner’s language, the base split into fees and agents’ commissions', async () => {
    const invoice = await detail(july!._id);
    // The owner reads German: the PDF draws this document (its texts and figures), then renders it.
    const drawn = commissionDocument({ ...invoice, language: 'de' });
    const de = (euros: number) => formatEuros(euros, 'de');
    expect(drawn.sections).toEqual([
      {
        heading: 'Provisionen der Agenten für Verkäufe in Ihrem Namen',
        columns: ['Fahrt', 'Buchung', 'Agent', 'Provision des Agenten'],
        amountColumns: 1,
        rows: [
          [
            expect.any(String),
            invoice.lines.find((l) => l.bookingId === agentSale)!.reference,
            'Hotel Mar desk',
            de(12),
          ],
        ],
      },
    ]);
    expect(drawn.totals.map(([, value]) => value)).toEqual([20.16, 12, 32.16, 2.25, 34.41].map(de));
    expect(drawn.note).toMatch(/^Von Agenten der Plattform in Ihrem Namen verkaufte Fahrten/);
    const pdf = Buffer.from(await invoicePdf(invoice));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("names the commission invoice and the agent's commission on the statement's line", async () => {
    const lines = await earnings('2027-07');
    expect(lines.find((l) => l.bookingId === agentSale)).toMatchObject({
      channel: 'agent',
      channelCommission: 12,
      commissionInvoice: july!.number,
      agentCommissionInvoiced: 12,
    });
    expect(lines.find((l) => l.bookingId === siteSale)).toMatchObject({
      commissionInvoice: july!.number,
      agentCommissionInvoiced: 0,
    });
  });

  it("credits the fee and the agent's commission of the sale refunded after the invoice", async () => {
    t.setNow(new Date('2027-08-20T10:00:00Z'));
    await queueEventEmails(t.ctx);
    const mailsBefore = await mailsToBecker();
    const done = await refundBooking(t.ctx, agentSale, {
      actor: 'admin@example.com',
      reason: 'The trip was not as sold',
      cause: 'operator',
    });
    expect(done.status).toBe('succeeded');
    t.setNow(new Date('2027-09-01T06:00:00Z'));
    const issued = await issue('2027-08');
    expect(issued.map((d) => d.kind)).toEqual(['credit_note']);
    const credit = issued[0]!;
    expect(credit).toMatchObject({
      base: -24.96,
      igic: -1.75,
      total: -26.71,
      corrects: { number: july!.number },
    });
    expect((await detail(credit._id)).lines).toEqual([
      expect.objectContaining({ bookingId: agentSale, net: -108, fee: -12.96, agentCommission: -12 }),
    ]);
    const record = await recordOf(credit.number);
    expect(record).toMatchObject({ invoiceType: 'R1', totalAmount: '-26.71' });
    expect(record.description).toContain('comisiones de agentes');
    // The statement's refund line names the credit note and the commission given back; the
    // credit note's IGIC is back in the balance.
    const august = await earnings('2027-08');
    expect(august.find((l) => l.kind === 'adjustment')).toMatchObject({
      commissionInvoice: credit.number,
      agentCommissionInvoiced: -12,
    });
    const september = await earnings('2027-09');
    expect(september.find((l) => l.kind === 'commission_igic')).toMatchObject({ igic: -1.75, share: 1.75 });
    // The customer got the €120 back, the agent's €12 with the €108: the rectifying invoice in the
    // owner's name says so, and the customer's invoices stand for nothing.
    const customerDocs = await invoicesOfBooking(db, agentSale);
    expect(customerDocs.map((i) => i.totalCents)).toEqual([12_000, -12_000]);
    // …and so does their e-mail, in German: €120 back, nothing kept.
    await queueEventEmails(t.ctx);
    const refundMails = (await mailsToBecker()).slice(mailsBefore.length);
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]).toContain('120,00');
    expect(refundMails[0]).not.toContain('108,00');
    // Nothing is left to invoice: the booking's documents carry what it bears now, nothing.
    expect(await issue('2027-08')).toEqual([]);
  });
});
