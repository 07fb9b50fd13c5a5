// The owner's statement names who sold each booking and what a reseller or agent kept of the
// customer's price (docs/decisions/0036-the-channel-commission-an-owner-bears.md): an agent's
// cash sale of €120 on 10 % reaches the platform as €108, the owner's customer invoice is the
// €120, and the line says "agent · Hotel Mar desk", €12 kept, so gross + the seller's commission =
// the customer's invoice; a site sale says the website and nothing kept; the CSV says the same.
import { describe, expect, it } from 'vitest';
import { earningsStatementCsv } from '@boats/domain/earnings-statement';
import type { OwnerEarningsResponse } from '@boats/domain/schemas/payouts';
import { invoicesOfBooking } from '../../../src/modules/invoices/customer-invoices';
import { completeEndedTrips } from '../../../src/modules/jobs/trip-completion';
import { csvLanguage } from '../../../src/locale-texts';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { buyAndConfirm, createBoat, createSlot, sharedRequest } from '../../helpers/checkout-fixtures';
import { newAgentDesk, sellForCash } from '../../helpers/agent-fixture';
import { buildTestApp } from '../../helpers/test-app';

// 09:00 in the Canaries (summer time); the trip leaves at 11:00 for three hours.
const NOW = new Date('2027-07-10T08:00:00Z');

describe("the owner's statement: who sold each booking, and what the seller kept", async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const admin = bearer(await tokenFor(t, 'admin'));
  const ownerId = await newOwner(t, { commissionBps: 1200 });
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
        {
          customer: { name: 'Ana', email: 'ana@example.com' },
        },
      ),
    )
  ).bookingId;

  t.setNow(new Date('2027-07-10T14:00:00Z'));
  expect(await completeEndedTrips(t.ctx)).toBe(2);
  const owner = bearer(await tokenFor(t, 'owner', { ownerId }));
  const res = await t.app.inject({ url: '/api/owner/earnings?month=2027-07', headers: owner });
  expect(res.statusCode, res.body).toBe(200);
  const { lines } = res.json<OwnerEarningsResponse>();
  const lineOf = (bookingId: string) => lines.find((l) => l.bookingId === bookingId)!;

  it('names the agent and what it kept; gross + its commission = the customer invoice; fee + share = gross', async () => {
    // €12 of €120 kept by the agent, €108 received, the fee 12 % of that (€12.96), the rest the owner's.
    expect(lineOf(agentSale)).toMatchObject({
      channel: 'agent',
      channelName: 'Hotel Mar desk',
      channelCommission: 12,
      gross: 108,
      fee: 12.96,
      share: 95.04,
    });
    const [invoice] = await invoicesOfBooking(db, agentSale);
    expect(invoice?.totalCents).toBe(12_000);
    expect(lineOf(siteSale)).toMatchObject({
      channel: 'site',
      channelName: null,
      channelCommission: 0,
      gross: 60,
    });
    for (const line of lines) {
      expect(Math.round(line.fee * 100) + Math.round(line.share * 100)).toBe(Math.round(line.net * 100));
    }
  });

  it('says the same in the CSV, in the owner’s Spanish', () => {
    const rows = earningsStatementCsv(lines, '2027-07', csvLanguage('es')).trimEnd().split('\r\n');
    expect(rows.find((row) => row.includes('Familie Becker'))).toContain(
      ';agente · Hotel Mar desk;12,00;108,00;',
    );
    expect(rows.find((row) => row.includes(';Ana;'))).toContain(';web;0,00;60,00;');
  });
});
