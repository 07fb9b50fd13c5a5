// Agents (docs/channels.md#agents): the admin creates them and records the cash they hand over;
// an agent finds the day's bookable trips, sells seats (sales/counter-sale.ts does the
// booking itself) and reads its own sales and balance. Money in cents here, euros on the wire.
import {
  canaryDateKey,
  canaryDayRange,
  canaryMonthRange,
  canaryYearMonth,
  isPast,
} from '@boats/domain/canary-time';
import { monthDateKeys, settlementReceivedOn } from '@boats/domain/settlement-date';
import type { DurationRange } from '@boats/domain/charter';
import { bookingReference } from '@boats/domain/booking-reference';
import { centsToEuros, eurosToCents } from '@boats/domain/money';
import { bpsToPercent, percentToBps, shareAtBps } from '@boats/domain/fee-split';
import type {
  Agent,
  AgentBookingRequest,
  AgentCharter,
  AgentCreate,
  AgentSales,
  AgentTrip,
  AgentTrips,
} from '@boats/domain/schemas/agents';
import type { OperatorBookingResponse } from '@boats/domain/schemas/operator-booking';
import type { AppContext } from '../../context';
import { conflict, forbidden, invalidField, notFound } from '../../http/errors';
import { isUuid } from '@boats/domain/schemas/common';
import type { TokenUser } from '../auth/access-token';
import { hashPassword } from '../auth/password';
import { insertUserIfNew } from '../auth/user-repository';
import { bookForAgentCustomer } from '../sales/counter-sale';
import { listActiveBoats, type BoatRow } from '../boats/boat-repository';
import {
  charterPriceCents,
  charterReach,
  charterStarts,
  isSellableNow,
  seatPricePerHourCents,
  sellableSlots,
  type SellableSlot,
} from '../sales/sellable';
import { checkReceivedOn } from '../resellers/reseller-statement';
import {
  agentBalance,
  agentSoldInRange,
  agentSales,
  findAgent,
  insertAgent,
  insertAgentSale,
  insertSettlement,
  lastSettlement,
  listAgentRows,
  lockAgent,
  settledOnDays,
  type AgentBalanceCents,
  type AgentSoldRow,
  type AgentRow,
} from './agent-repository';

function monthOf(now: Date) {
  const { year, month } = canaryYearMonth(now);
  return canaryMonthRange(year, month);
}

/** The agent's figures this Canary month: sales by when sold, settlements by the day received. */
async function monthFigures(ctx: AppContext, agentUserId: string) {
  const now = ctx.now();
  const [sales, settledCents] = await Promise.all([
    agentSoldInRange(ctx.db, agentUserId, monthOf(now)),
    settledOnDays(ctx.db, agentUserId, monthDateKeys(canaryDateKey(now).slice(0, 7))),
  ]);
  return figures(sales, settledCents);
}

/** Each sale's commission rounded on its own (shareAtBps), as the agent's sales list shows it. */
function figures(sold: AgentSoldRow[], settledCents: number) {
  const soldCents = sold.reduce((sum, r) => sum + r.grossCents, 0);
  const commissionCents = sold.reduce((sum, r) => sum + shareAtBps(r.grossCents, r.commissionBps), 0);
  return {
    bookings: sold.length,
    sold: centsToEuros(soldCents),
    commission: centsToEuros(commissionCents),
    net: centsToEuros(soldCents - commissionCents),
    settled: centsToEuros(settledCents),
  };
}

/** What the agent owes now, and its latest settlement. */
async function balanceOf(ctx: AppContext, agentUserId: string) {
  const [owed, last] = await Promise.all([
    agentBalance(ctx.db, agentUserId),
    lastSettlement(ctx.db, agentUserId),
  ]);
  return {
    ...balance(owed),
    lastSettlement: last ? { amount: centsToEuros(last.amountCents), receivedOn: last.receivedOn } : null,
  };
}

/** What the agent owes now: cash sales' net − handed back to customers − handed over. */
function owedCents(b: AgentBalanceCents): number {
  return b.cashNetCents - b.refundedCents - b.settledCents;
}

function balance(b: AgentBalanceCents) {
  return {
    cashNet: centsToEuros(b.cashNetCents),
    refunded: centsToEuros(b.refundedCents),
    held: centsToEuros(b.cashNetCents - b.refundedCents),
    settled: centsToEuros(b.settledCents),
    owed: centsToEuros(owedCents(b)),
  };
}

async function toAgent(ctx: AppContext, row: AgentRow): Promise<Agent> {
  const [month, owed] = await Promise.all([monthFigures(ctx, row.userId), balanceOf(ctx, row.userId)]);
  return {
    _id: row.userId,
    name: row.name,
    email: row.email,
    commissionPercent: bpsToPercent(row.commissionBps),
    createdAt: row.createdAt.toISOString(),
    month,
    balance: owed,
  };
}

export async function listAgents(ctx: AppContext): Promise<Agent[]> {
  const rows = await listAgentRows(ctx.db);
  return Promise.all(rows.map((row) => toAgent(ctx, row)));
}

/** A new agent account (role agent, no owner) and its terms, in one transaction. */
export async function createAgent(ctx: AppContext, input: AgentCreate): Promise<Agent> {
  const passwordHash = await hashPassword(input.password);
  const userId = await ctx.db.transaction(async (tx) => {
    const user = await insertUserIfNew(tx, {
      email: input.email,
      role: 'agent',
      passwordHash,
      ownerId: null,
    });
    if (!user) throw conflict('email_taken', `${input.email} already has an account`, { field: 'email' });
    await insertAgent(tx, {
      userId: user.id,
      name: input.name,
      commissionBps: percentToBps(input.commissionPercent),
      // The app's clock: a settlement may not be dated before it.
      createdAt: ctx.now(),
    });
    return user.id;
  });
  const row = await findAgent(ctx.db, userId);
  if (!row) throw new Error('agent insert returned nothing');
  return toAgent(ctx, row);
}

/**
 * Cash the admin received from the agent. More than it owes is refused (400 naming `amount`):
 * a settlement pays a debt, it never makes the operator owe an agent cash.
 */
export async function recordSettlement(
  ctx: AppContext,
  agentUserId: string,
  input: { amount: number; note?: string | undefined; receivedOn?: string | undefined },
  admin: TokenUser,
): Promise<{ agent: Agent; settlementId: string }> {
  if (!isUuid(agentUserId)) throw notFound('Agent');
  const amountCents = eurosToCents(input.amount);
  const receivedOn = settlementReceivedOn(input.receivedOn, ctx.now());
  const settlementId = await ctx.db.transaction(async (tx) => {
    const agent = await lockAgent(tx, agentUserId);
    if (!agent) throw notFound('Agent');
    checkReceivedOn(receivedOn, ctx.now(), agent.createdAt);
    const owed = owedCents(await agentBalance(tx, agentUserId));
    if (amountCents > owed) {
      throw invalidField(
        'body.amount',
        'settlement_too_high',
        `The agent owes ${centsToEuros(owed).toFixed(2)} €`,
      );
    }
    return insertSettlement(tx, {
      agentUserId,
      amountCents,
      note: input.note ?? '',
      recordedBy: admin.email,
      at: ctx.now(),
      receivedOn,
    });
  });
  const row = await findAgent(ctx.db, agentUserId);
  if (!row) throw notFound('Agent');
  return { agent: await toAgent(ctx, row), settlementId };
}

/** The signed-in agent's terms; a token whose agent row is gone sells nothing. */
async function agentOf(ctx: AppContext, user: TokenUser): Promise<AgentRow> {
  const row = await findAgent(ctx.db, user.id);
  if (!row || row.disabledAt) throw forbidden();
  return row;
}

/**
 * What an agent may sell on a Canary day, of the boats on the public site, as the site offers it
 * (sales/sellable.ts): the shared trips that are open, not started and have seats, each with its
 * seat price as the sale charges it; and the charter starts from which the boat's consecutive
 * free hours hold at least its minimum length, each length priced as the checkout prices it.
 * The sale itself checks again under the trip's lock.
 */
export async function agentTrips(ctx: AppContext, user: TokenUser, date: string): Promise<AgentTrips> {
  await agentOf(ctx, user);
  const now = ctx.now();
  const day = canaryDayRange(date);
  const boats = await listActiveBoats(ctx.db);
  const offers = await Promise.all(
    boats.map(async (boat) => {
      const rows = await sellableSlots(ctx.db, boat.id, charterReach(boat, day), now);
      const trips = rows
        .filter((row) => row.type === 'shared' && row.startsAt < day.end && isSellableNow(row, now))
        .map((row) => sharedTripOf(boat, row));
      const charters =
        boat.pricePerHourCents > 0
          ? charterStarts(boat, rows, day)
              .filter((start) => start.free && !isPast(start.slot.startsAt, now))
              .map((start) => charterOf(boat, start.slot, start.free!))
          : [];
      return { trips, charters };
    }),
  );
  const byStart = (a: { start: string }, b: { start: string }) => a.start.localeCompare(b.start);
  return {
    date,
    items: offers.flatMap((o) => o.trips).sort(byStart),
    charters: offers.flatMap((o) => o.charters).sort(byStart),
  };
}

const titled = (boat: BoatRow) => ({ boatId: boat.id, boatTitle: boat.title.en, boatTitleI18n: boat.title });

function sharedTripOf(boat: BoatRow, slot: SellableSlot): AgentTrip {
  return {
    slotId: slot.id,
    ...titled(boat),
    start: slot.startsAt.toISOString(),
    end: slot.endsAt.toISOString(),
    seatsTotal: slot.seatsTotal,
    seatsLeft: slot.seatsLeft,
    seatPrice: centsToEuros(seatPricePerHourCents(boat, slot)),
  };
}

function charterOf(boat: BoatRow, slot: SellableSlot, lengths: DurationRange): AgentCharter {
  return {
    slotId: slot.id,
    ...titled(boat),
    start: slot.startsAt.toISOString(),
    capacity: boat.capacity,
    lengths: Array.from({ length: lengths.max - lengths.min + 1 }, (_, i) => lengths.min + i).map(
      (hours) => ({
        hours,
        price: centsToEuros(charterPriceCents(boat, slot.startsAt, hours)),
      }),
    ),
  };
}

export async function bookAsAgent(
  ctx: AppContext,
  user: TokenUser,
  slotId: string,
  req: AgentBookingRequest,
): Promise<OperatorBookingResponse> {
  const agent = await agentOf(ctx, user);
  return bookForAgentCustomer(ctx, slotId, req, user, {
    name: agent.name,
    commissionBps: agent.commissionBps,
    record: (tx, booking, payment) =>
      insertAgentSale(tx, {
        bookingId: booking.id,
        agentUserId: agent.userId,
        // A link's card money reaches the operator whole: the agent earns on its cash sales.
        commissionBps: payment === 'cash' ? agent.commissionBps : 0,
        payment,
        createdAt: ctx.now(),
      }),
  });
}

/** The agent's own sales this Canary month, its figures and what it owes. */
export async function salesOfAgent(ctx: AppContext, user: TokenUser): Promise<AgentSales> {
  const agent = await agentOf(ctx, user);
  const [rows, month, owed] = await Promise.all([
    agentSales(ctx.db, agent.userId, monthOf(ctx.now())),
    monthFigures(ctx, agent.userId),
    balanceOf(ctx, agent.userId),
  ]);
  return {
    name: agent.name,
    commissionPercent: bpsToPercent(agent.commissionBps),
    month,
    balance: owed,
    items: rows.map((r) => ({
      bookingId: r.booking.id,
      ref: bookingReference(r.booking.id),
      boatTitle: r.boatTitle,
      start: r.booking.startsAt.toISOString(),
      customerName: r.booking.customerName,
      people: r.booking.seats,
      status: r.booking.status,
      payment: r.payment,
      amount: centsToEuros(r.booking.amountGrossCents),
      commission: centsToEuros(shareAtBps(r.booking.amountGrossCents, r.commissionBps)),
      soldAt: r.soldAt.toISOString(),
    })),
  };
}
