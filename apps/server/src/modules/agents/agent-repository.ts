// Queries of agents: the accounts and their terms, each agent's figures (a month's sales, and the
// balance it owes), its sales, and the settlements the admin records. No rules here.
import { and, asc, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { LocalizedText } from '@boats/domain/schemas/boat';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { agentBookings, agents, agentSettlements, bookings, boats, users } from '../../db/schema';
import { isSold } from '../occupancy/occupancy';
import { channelReceivedSql, channelRefundedSql, type ChannelLedger } from '../payments/ledger';

export type AgentRow = typeof agents.$inferSelect & { email: string; disabledAt: Date | null };

export async function insertAgent(
  tx: Db,
  values: { userId: string; name: string; commissionBps: number; createdAt: Date },
): Promise<void> {
  await tx.insert(agents).values(values);
}

/** Who sold a booking: the agent, its rate now (a link's card money earns it nothing) and how it is paid. */
export async function insertAgentSale(tx: Db, values: typeof agentBookings.$inferInsert): Promise<void> {
  await tx.insert(agentBookings).values(values);
}

export async function findAgent(db: Db, userId: string): Promise<AgentRow | undefined> {
  const [row] = await db
    .select({ agent: agents, email: users.email, disabledAt: users.disabledAt })
    .from(agents)
    .innerJoin(users, eq(users.id, agents.userId))
    .where(eq(agents.userId, userId));
  return row ? { ...row.agent, email: row.email, disabledAt: row.disabledAt } : undefined;
}

export async function listAgentRows(db: Db): Promise<AgentRow[]> {
  const rows = await db
    .select({ agent: agents, email: users.email, disabledAt: users.disabledAt })
    .from(agents)
    .innerJoin(users, eq(users.id, agents.userId))
    .orderBy(asc(agents.name));
  return rows.map((r) => ({ ...r.agent, email: r.email, disabledAt: r.disabledAt }));
}

/** An agent's sold booking taken in a range: its gross and the agent's commission rate on it. */
export type AgentSoldRow = { grossCents: number; commissionBps: number };

export async function agentSoldInRange(
  db: Db,
  agentUserId: string,
  range: { start: Date; end: Date },
): Promise<AgentSoldRow[]> {
  return db
    .select({ grossCents: bookings.amountGrossCents, commissionBps: agentBookings.commissionBps })
    .from(agentBookings)
    .innerJoin(bookings, eq(bookings.id, agentBookings.bookingId))
    .where(
      and(
        eq(agentBookings.agentUserId, agentUserId),
        isSold(),
        gte(agentBookings.createdAt, range.start),
        lte(agentBookings.createdAt, range.end),
      ),
    );
}

/** Cents the agent handed over in settlements received on the days [first, next). */
export async function settledOnDays(
  db: Db,
  agentUserId: string,
  days: { first: string; next: string },
): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${agentSettlements.amountCents}), 0)::bigint` })
    .from(agentSettlements)
    .where(
      and(
        eq(agentSettlements.agentUserId, agentUserId),
        gte(agentSettlements.receivedOn, days.first),
        lt(agentSettlements.receivedOn, days.next),
      ),
    );
  return Number(row?.cents ?? 0);
}

/** The agent's latest settlement by its day of receipt (then by when it was recorded). */
export async function lastSettlement(
  db: Db,
  agentUserId: string,
): Promise<{ amountCents: number; receivedOn: string } | undefined> {
  const [row] = await db
    .select({ amountCents: agentSettlements.amountCents, receivedOn: agentSettlements.receivedOn })
    .from(agentSettlements)
    .where(eq(agentSettlements.agentUserId, agentUserId))
    .orderBy(desc(agentSettlements.receivedOn), desc(agentSettlements.createdAt))
    .limit(1);
  return row;
}

/** Cents: the agent's cash sales' net, what of it went back to customers, and what it handed over. */
export type AgentBalanceCents = { cashNetCents: number; refundedCents: number; settledCents: number };

export async function agentBalance(db: Db, agentUserId: string): Promise<AgentBalanceCents> {
  const cash: ChannelLedger = {
    method: 'agent_cash',
    bookingIds: sql`(select ${agentBookings.bookingId} from ${agentBookings} where ${agentBookings.agentUserId} = ${agentUserId})`,
  };
  const result = await db.execute(sql`
    select ${channelReceivedSql(cash)} as cash_net, ${channelRefundedSql(cash)} as refunded,
      coalesce((select sum(s.amount_cents) from ${agentSettlements} s
        where s.agent_user_id = ${agentUserId}), 0)::bigint as settled`);
  const row = rowsOf<{ cash_net: number | string; refunded: number | string; settled: number | string }>(
    result,
  )[0];
  return {
    cashNetCents: Number(row?.cash_net ?? 0),
    refundedCents: Number(row?.refunded ?? 0),
    settledCents: Number(row?.settled ?? 0),
  };
}

export async function insertSettlement(
  tx: Db,
  values: {
    agentUserId: string;
    amountCents: number;
    note: string;
    recordedBy: string;
    at: Date;
    receivedOn: string;
  },
): Promise<string> {
  const [row] = await tx
    .insert(agentSettlements)
    .values({
      agentUserId: values.agentUserId,
      amountCents: values.amountCents,
      note: values.note,
      recordedBy: values.recordedBy,
      createdAt: values.at,
      receivedOn: values.receivedOn,
    })
    .returning({ id: agentSettlements.id });
  if (!row) throw new Error('settlement insert returned nothing');
  return row.id;
}

/** Locks the agent's row: two settlements at once cannot both pass the balance check. */
export async function lockAgent(
  tx: Db,
  agentUserId: string,
): Promise<{ id: string; createdAt: Date } | undefined> {
  const [row] = await tx
    .select({ id: agents.userId, createdAt: agents.createdAt })
    .from(agents)
    .where(eq(agents.userId, agentUserId))
    .for('update');
  return row;
}

export type AgentSaleRow = {
  booking: typeof bookings.$inferSelect;
  boatTitle: LocalizedText;
  payment: 'cash' | 'link';
  commissionBps: number;
  soldAt: Date;
};

/** The agent's own sales taken in a range, newest first: its bookings only, whatever their boat. */
export async function agentSales(
  db: Db,
  agentUserId: string,
  range: { start: Date; end: Date },
): Promise<AgentSaleRow[]> {
  const rows = await db
    .select({
      booking: bookings,
      boatTitle: boats.title,
      payment: agentBookings.payment,
      commissionBps: agentBookings.commissionBps,
      soldAt: agentBookings.createdAt,
    })
    .from(agentBookings)
    .innerJoin(bookings, eq(bookings.id, agentBookings.bookingId))
    .innerJoin(boats, eq(boats.id, bookings.boatId))
    .where(
      and(
        eq(agentBookings.agentUserId, agentUserId),
        gte(agentBookings.createdAt, range.start),
        lte(agentBookings.createdAt, range.end),
      ),
    )
    .orderBy(desc(agentBookings.createdAt));
  return rows;
}
