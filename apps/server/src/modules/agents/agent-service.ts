// Agents (docs/channels.md#agents): the admin creates them and records the cash they hand over;
// an agent finds the day's bookable trips, sells seats (operator-booking-service.ts does the
// booking itself) and reads its own sales and balance. Money in cents here, euros on the wire.
import {
  canaryDateKey,
  canaryDayRange,
  canaryMonthRange,
  canaryYearMonth,
  isPast,
} from '@boats/domain/canary-time';
import { monthDateKeys, settlementReceivedOn } from '@boats/domain/settlement-date';
import { charterDurationRange } from '@boats/domain/charter';
import { bookingReference } from '@boats/domain/booking-reference';
import { centsToEuros, eurosToCents } from '@boats/domain/money';
import { bpsToPercent, percentToBps, shareAtBps } from '@boats/domain/fee-split';
import type {
  Agent,
  AgentBookingRequest,
  AgentCharter,
  AgentCreate,
  AgentSales,
  AgentTrips,
} from '@boats/domain/schemas/agents';
import type { OperatorBookingResponse } from '@boats/domain/schemas/operator-booking';
import type { AppContext } from '../../context';
import { conflict, forbidden, invalidField, notFound } from '../../http/errors';
import { isUuid } from '@boats/domain/schemas/common';
import type { TokenUser } from '../auth/access-token';
import { hashPassword } from '../auth/password';
import { insertUserIfNew } from '../auth/user-repository';
import { EVERY_OWNER } from '../owner-scope/owner-scope';
import { bookForAgentCustomer } from '../admin-bookings/operator-booking-service';
import { listTrips } from '../trips/trips-service';
import { listActiveBoats, type BoatRow } from '../boats/boat-repository';
import { ratesOfRowAt } from '../boats/boat-mapper';
import { slots } from '../../db/schema';
import { inArray } from 'drizzle-orm';
import { slotsWithOccupancy } from '../availability/availability-repository';
import { charterPriceCents } from '../octo/octo-charter';
import { checkReceivedOn } from '../resellers/reseller-statement';
import {
  agentBalance,
  agentSoldInRange,
  agentSales,
  findAgent,
  insertAgent,
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

const HOUR_MS = 3_600_000;

/**
 * What an agent may sell on a Canary day, of the boats on the public site: the shared trips that
 * are open, not started and have seats; and the charter starts (below).
 */
export async function agentTrips(ctx: AppContext, user: TokenUser, date: string): Promise<AgentTrips> {
  await agentOf(ctx, user);
  const now = ctx.now();
  const [trips, boats] = await Promise.all([listTrips(ctx, EVERY_OWNER, date), listActiveBoats(ctx.db)]);
  const onPublicSite = new Set(boats.map((b) => b.id));
  const range = canaryDayRange(date);
  const items = trips.filter(
    (t) =>
      onPublicSite.has(t.boatId) &&
      t.type === 'shared' &&
      t.isOpen &&
      t.state !== 'canceled' &&
      new Date(t.start) > now &&
      new Date(t.start) < range.end &&
      t.seatsLeft > 0,
  );
  const charters = (await Promise.all(boats.map((boat) => charterStarts(ctx, boat, range)))).flat();
  charters.sort((a, b) => a.start.localeCompare(b.start));
  // Each trip's seat price as the sale charges it: the slot's, with the boat's rules for its start.
  const boatOf = new Map(boats.map((b) => [b.id, b]));
  const slotPrices = items.length
    ? await ctx.db
        .select({ id: slots.id, seatPriceCents: slots.seatPriceCents })
        .from(slots)
        .where(
          inArray(
            slots.id,
            items.map((t) => t.slotId),
          ),
        )
    : [];
  const seatPriceOf = new Map(slotPrices.map((s) => [s.id, s.seatPriceCents]));
  return {
    date,
    items: items.map((t) => ({
      ...t,
      seatPrice: centsToEuros(
        ratesOfRowAt(boatOf.get(t.boatId)!, seatPriceOf.get(t.slotId) ?? 0, new Date(t.start))
          .seatPerHourCents,
      ),
    })),
    charters,
  };
}

/**
 * A boat's charter starts in the day, as the site's booking screen offers them: an open hour not
 * started, from which the boat's consecutive free hours (no sale, no live hold: the site's
 * occupancy) hold at least its minimum length (domain charter.ts), each length priced as the
 * checkout prices it. The sale itself claims the hours again under the database's guard.
 */
async function charterStarts(
  ctx: AppContext,
  boat: BoatRow,
  day: { start: Date; end: Date },
): Promise<AgentCharter[]> {
  if (boat.pricePerHourCents <= 0) return [];
  const now = ctx.now();
  // The hours after the day a charter starting late in it may run into.
  const end = new Date(day.end.getTime() + (boat.maxDurationHours + 1) * HOUR_MS);
  const rows = await slotsWithOccupancy(ctx.db, boat.id, { start: day.start, end }, now);
  const hours = rows
    .filter((r) => r.type === 'private')
    .map((r) => ({ _id: r.id, start: r.startsAt, end: r.endsAt, isOpen: r.isOpen, available: !r.occupied }));
  return hours.flatMap((h) => {
    if (h.start >= day.end || isPast(h.start, now)) return [];
    const lengths = charterDurationRange(boat, hours, h._id);
    if (!lengths) return [];
    return [
      {
        slotId: h._id,
        boatId: boat.id,
        boatTitle: boat.title.en,
        boatTitleI18n: boat.title,
        start: h.start.toISOString(),
        capacity: boat.capacity,
        lengths: Array.from({ length: lengths.max - lengths.min + 1 }, (_, i) => lengths.min + i).map(
          (n) => ({ hours: n, price: centsToEuros(charterPriceCents(boat, h.start, n)) }),
        ),
      },
    ];
  });
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
