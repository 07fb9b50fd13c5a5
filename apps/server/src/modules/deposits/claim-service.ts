// Damage claims against the security deposit (docs/decisions/0040, docs/payments.md#the-security-deposit).
//
// Within the boat's window after the return's condition record, the owner (or the admin for them)
// claims an amount, at most the deposit, with a note and the return's photos it rests on; one
// claim per booking. The customer is e-mailed and accepts or disputes it in writing until
// `answerBy`; the admin alone decides a dispute (0 to the claim). The claim's state is the
// decision; the capture (or the release) follows it through the deposit's own calls, in the same
// transaction as the claim's last step, and the job settles what an outage left undone. Without a
// claim, a card deposit is released by the job once the window has closed.
import {
  CLAIM_DECISION_HOURS,
  MIN_CLAIM_ANSWER_HOURS,
  claimAnswerBy,
  claimDecisionRefusal,
  claimRefusal,
  claimWindowEndsAt,
  type ClaimStatus,
} from '@boats/domain/deposit-claims';
import { bookingReference } from '@boats/domain/booking-reference';
import { centsToEuros } from '@boats/domain/money';
import type { DepositClaimView } from '@boats/domain/schemas/deposit';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { boats, bookings, conditionReports, depositClaims, deposits } from '../../db/schema';
import { badRequest, conflict, DomainError, invalidField, notFound } from '../../http/errors';
import { noteAudit } from '../audit/audit-trail';
import { noteInHistory } from '../bookings/lifecycle';
import { emitEvent } from '../events/domain-events';
import { findCondition } from '../self-drive/condition-repository';
import { captureDeposit, claimOf, depositOf, depositView, releaseDeposit } from './deposit-service';

type ClaimRow = typeof depositClaims.$inferSelect;
type Actor = { email: string; id?: string | null };

const BATCH = 50;
/** claimWindowEndsAt's margin before a card lapses: the admin's day and the customer's least time. */
const LAPSE_MARGIN_MS = (CLAIM_DECISION_HOURS + MIN_CLAIM_ANSWER_HOURS) * 3_600_000;
/** A claim decided (by the customer, the clock or the admin) whose capture may still be due. */
const SETTLED: readonly ClaimStatus[] = ['accepted', 'expired', 'decided'];

function claimView(row: ClaimRow): DepositClaimView {
  return {
    status: row.status,
    amount: centsToEuros(row.amountCents),
    note: row.note,
    photos: row.photos,
    filedAt: row.filedAt.toISOString(),
    answerBy: row.answerBy.toISOString(),
    answer: row.answer,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    decided: row.decidedCents === null ? null : centsToEuros(row.decidedCents),
    decisionReason: row.decisionReason,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** Until when the owner may still claim (null: not held, no return recorded, or claimed). */
export async function claimUntil(ctx: AppContext, bookingId: string): Promise<string | null> {
  const deposit = await depositOf(ctx.db, bookingId);
  if (deposit?.status !== 'authorised' || (await claimOf(ctx.db, bookingId))) return null;
  const [row] = await ctx.db
    .select({ returnAt: conditionReports.recordedAt, windowHours: boats.claimWindowHours })
    .from(conditionReports)
    .innerJoin(bookings, eq(bookings.id, conditionReports.bookingId))
    .innerJoin(boats, eq(boats.id, bookings.boatId))
    .where(and(eq(conditionReports.bookingId, bookingId), eq(conditionReports.phase, 'return')));
  if (!row) return null;
  const ends = claimWindowEndsAt(row.returnAt, row.windowHours, deposit.lapsesAt);
  return ends > ctx.now() ? ends.toISOString() : null;
}

/**
 * The owner's claim: an amount of the held deposit for damage, the note the customer reads and
 * the return's photos it rests on. Refused after the window (409 claim_window_closed), above the
 * deposit (409 capture_exceeds_deposit), a second time (409 claim_exists), for a booking canceled
 * or refunded before it (409 booking_canceled), with a photo the return did not record (400).
 */
export async function fileClaim(
  ctx: AppContext,
  bookingId: string,
  staff: Actor,
  input: { amountCents: number; note: string; photos: string[] },
): Promise<DepositClaimView> {
  const now = ctx.now();
  const claim = await ctx.db.transaction(async (tx) => {
    const [deposit] = await tx.select().from(deposits).where(eq(deposits.bookingId, bookingId)).for('update');
    if (!deposit) throw conflict('no_deposit', 'This booking has no security deposit.');
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
    const [boat] = booking
      ? await tx
          .select({ windowHours: boats.claimWindowHours })
          .from(boats)
          .where(eq(boats.id, booking.boatId))
      : [];
    if (!booking || !boat) throw notFound('Booking');
    if (booking.status === 'canceled' || booking.status === 'refunded')
      throw conflict('booking_canceled', 'This booking was canceled: its deposit is let go.', {
        status: booking.status,
      });
    const returned = await findCondition(tx, bookingId, 'return');
    const refusal = claimRefusal({
      deposit,
      returnAt: returned?.recordedAt ?? null,
      windowHours: boat.windowHours,
      hasClaim: (await claimOf(tx, bookingId)) !== undefined,
      amountCents: input.amountCents,
      now,
    });
    if (refusal === 'invalid_amount')
      throw badRequest('invalid_amount', 'The amount must be more than 0.', { field: 'amount' });
    if (refusal === 'capture_exceeds_deposit')
      throw conflict(
        'capture_exceeds_deposit',
        `At most the deposit, €${centsToEuros(deposit.amountCents).toFixed(2)}, can be claimed.`,
        { deposit: centsToEuros(deposit.amountCents) },
      );
    if (refusal === 'claim_window_closed')
      throw conflict('claim_window_closed', 'The window to claim against this deposit has closed.');
    if (refusal === 'claim_exists') throw conflict('claim_exists', 'This deposit has a claim already.');
    if (refusal === 'no_return_record')
      throw conflict('no_return_record', 'Crew have not recorded the return yet: a claim rests on it.');
    if (refusal) throw conflict(refusal, 'This deposit is not held.', { status: deposit.status });
    const unknown = input.photos.find((photo) => !returned?.photos.includes(photo));
    if (unknown)
      throw invalidField('body.photos', 'photo_not_in_return', 'Choose photos of the return record.');
    const [row] = await tx
      .insert(depositClaims)
      .values({
        bookingId,
        depositId: deposit.id,
        amountCents: input.amountCents,
        note: input.note,
        photos: [...new Set(input.photos)],
        filedBy: staff.email,
        filedAt: now,
        answerBy: claimAnswerBy(
          now,
          ctx.config.DEPOSIT_CLAIM_ANSWER_HOURS,
          deposit.method === 'card' ? deposit.lapsesAt : null,
        ),
      })
      .returning();
    if (!row) throw new Error('claim not written');
    await noteInHistory(ctx, tx, booking, {
      actor: staff.email,
      actorUserId: staff.id ?? null,
      code: 'deposit_claimed',
      params: { amount: centsToEuros(input.amountCents) },
      reason: input.note,
    });
    await emitEvent(tx, {
      kind: 'booking.deposit_claimed',
      bookingId,
      payload: { amountCents: input.amountCents, reason: input.note },
    });
    return row;
  });
  noteAudit({ bookingId, changes: { claim: { before: null, after: `open:${input.amountCents}` } } });
  return claimView(claim);
}

/** Moves a claim from one of `from` in one guarded update; undefined when it was not in them. */
async function moveClaim(
  tx: Db,
  bookingId: string,
  from: readonly ClaimStatus[],
  set: Partial<typeof depositClaims.$inferInsert>,
): Promise<ClaimRow | undefined> {
  const [row] = await tx
    .update(depositClaims)
    .set(set)
    .where(and(eq(depositClaims.bookingId, bookingId), inArray(depositClaims.status, [...from])))
    .returning();
  return row;
}

async function historyOf(
  ctx: AppContext,
  tx: Db,
  bookingId: string,
  entry: Parameters<typeof noteInHistory>[3],
) {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
  if (booking) await noteInHistory(ctx, tx, booking, entry);
}

/**
 * The customer's answer on manage my booking, until `answerBy` (after it: 409
 * claim_answer_closed): accepted, the amount is captured at once; disputed, with their words,
 * the admin decides.
 */
export async function answerClaim(
  ctx: AppContext,
  bookingId: string,
  input: { decision: 'accept' } | { decision: 'dispute'; answer: string },
): Promise<DepositClaimView> {
  const now = ctx.now();
  const claim = await claimOf(ctx.db, bookingId);
  if (!claim) throw conflict('no_claim', 'No claim was made against this deposit.');
  if (claim.status !== 'open')
    throw conflict('claim_answered', 'This claim has been answered or decided.', { status: claim.status });
  if (now >= claim.answerBy)
    throw conflict('claim_answer_closed', 'The time to answer this claim has passed.', {
      answerBy: claim.answerBy.toISOString(),
    });
  if (input.decision === 'dispute') {
    const disputed = await ctx.db.transaction(async (tx) => {
      const row = await moveClaim(tx, bookingId, ['open'], {
        status: 'disputed',
        answer: input.answer,
        answeredAt: now,
        updatedAt: now,
      });
      if (!row) throw conflict('claim_answered', 'This claim has been answered or decided.');
      await historyOf(ctx, tx, bookingId, {
        actor: 'customer',
        code: 'claim_disputed',
        reason: input.answer,
      });
      await emitEvent(tx, { kind: 'booking.deposit_claim_disputed', bookingId, payload: {} });
      return row;
    });
    return claimView(disputed);
  }
  return settleClaim(ctx, claim, 'accepted', { email: 'customer' });
}

/**
 * The admin's decision on a dispute: an amount from 0 to the claim, with the reason both sides
 * read; the capture (0: the release) follows at once.
 */
export async function decideClaim(
  ctx: AppContext,
  bookingId: string,
  admin: Actor,
  input: { amountCents: number; reason: string },
): Promise<DepositClaimView> {
  const claim = await claimOf(ctx.db, bookingId);
  if (!claim) throw notFound('Claim');
  const refusal = claimDecisionRefusal(claim, input.amountCents);
  if (refusal === 'invalid_amount')
    throw badRequest('invalid_amount', 'The amount must be 0 or more.', { field: 'amount' });
  if (refusal === 'decision_exceeds_claim')
    throw conflict('decision_exceeds_claim', 'At most the amount claimed can be kept.', {
      claim: centsToEuros(claim.amountCents),
    });
  if (refusal) throw conflict(refusal, 'Only a disputed claim is decided.', { status: claim.status });
  const now = ctx.now();
  const decided = await ctx.db.transaction(async (tx) => {
    const row = await moveClaim(tx, bookingId, ['disputed'], {
      status: 'decided',
      decidedCents: input.amountCents,
      decisionReason: input.reason,
      decidedBy: admin.email,
      decidedAt: now,
      updatedAt: now,
    });
    if (!row) throw conflict('claim_not_disputed', 'This claim was decided meanwhile.');
    await historyOf(ctx, tx, bookingId, {
      actor: admin.email,
      actorUserId: admin.id ?? null,
      code: 'claim_decided',
      params: { amount: centsToEuros(input.amountCents) },
      reason: input.reason,
    });
    return row;
  });
  noteAudit({
    bookingId,
    changes: { claim: { before: `disputed:${claim.amountCents}`, after: `decided:${input.amountCents}` } },
  });
  return settleClaim(ctx, decided, 'decided', admin);
}

/**
 * Captures what a claim's outcome keeps (accepted, expired: the claim; decided: the admin's
 * amount, 0 releasing the deposit), in the transaction that records the outcome; the owner is
 * told. The card's authorisation gone meanwhile: the deposit and the claim lapse, nothing taken.
 */
async function settleClaim(
  ctx: AppContext,
  claim: ClaimRow,
  outcome: 'accepted' | 'expired' | 'decided',
  by: Actor,
): Promise<DepositClaimView> {
  const keptCents = outcome === 'decided' ? (claim.decidedCents ?? 0) : claim.amountCents;
  const reason = outcome === 'decided' ? (claim.decisionReason ?? claim.note) : claim.note;
  const now = ctx.now();
  let settled: ClaimRow | undefined;
  const within = async (tx: Db) => {
    settled = await moveClaim(tx, claim.bookingId, outcome === 'decided' ? ['decided'] : ['open', outcome], {
      status: outcome,
      updatedAt: now,
    });
    if (!settled) throw conflict('claim_answered', 'This claim has been answered or decided.');
    if (outcome === 'accepted' && claim.status === 'open')
      await historyOf(ctx, tx, claim.bookingId, { actor: 'customer', code: 'claim_accepted' });
    await emitEvent(tx, {
      kind: 'booking.deposit_claim_outcome_owner',
      bookingId: claim.bookingId,
      payload: { amountCents: keptCents, reason, code: outcome },
    });
  };
  try {
    if (keptCents > 0)
      await captureDeposit(ctx, claim.bookingId, by, { amountCents: keptCents, reason }, { within });
    else await releaseDeposit(ctx, claim.bookingId, by, { within, code: 'claim_decided' });
  } catch (err) {
    // Lapsed meanwhile: lapseDeposit closed the claim too. A deposit already settled by a run
    // that crashed after its capture: the claim is what it says.
    if (err instanceof DomainError && err.code === 'deposit_lapsed') throw err;
    if (err instanceof DomainError && err.code === 'deposit_not_held') {
      const again = await claimOf(ctx.db, claim.bookingId);
      if (again) return claimView(again);
    }
    throw err;
  }
  if (!settled) throw new Error('claim not settled');
  return claimView(settled);
}

/**
 * The claims' part of the `deposits` job: an open claim past its answer deadline is captured
 * (expired), a decided one whose capture an outage left undone is captured again, and a held
 * card deposit whose claim window closed without a claim is released.
 */
export async function tendClaims(ctx: AppContext): Promise<{ claimsSettled: number; windowsClosed: number }> {
  const now = ctx.now();
  const expired = await ctx.db
    .select()
    .from(depositClaims)
    .where(and(eq(depositClaims.status, 'open'), lte(depositClaims.answerBy, now)))
    .orderBy(asc(depositClaims.answerBy))
    .limit(BATCH);
  let settled = 0;
  for (const claim of expired) {
    await ctx.db.transaction(async (tx) => {
      const row = await moveClaim(tx, claim.bookingId, ['open'], { status: 'expired', updatedAt: now });
      if (row) await historyOf(ctx, tx, claim.bookingId, { actor: 'system', code: 'claim_expired' });
    });
  }
  // Decided (by the customer, the clock or the admin) and still held: capture what it keeps.
  const due = await ctx.db
    .select({ claim: depositClaims })
    .from(depositClaims)
    .innerJoin(deposits, eq(deposits.id, depositClaims.depositId))
    .where(and(inArray(depositClaims.status, [...SETTLED]), eq(deposits.status, 'authorised')))
    .limit(BATCH);
  for (const { claim } of due) {
    try {
      await settleClaim(ctx, claim, claim.status as 'accepted' | 'expired' | 'decided', { email: 'system' });
      settled += 1;
    } catch (err) {
      // Lapsed (recorded so) or the provider did not answer (the next run tries again).
      if (!(err instanceof DomainError)) throw err;
    }
  }

  // Held on the card, the return recorded, no claim and the window closed: released. A deposit
  // taken at the harbour is money in hand: staff give it back (Release), the job cannot.
  const open = await ctx.db
    .select({
      bookingId: deposits.bookingId,
      lapsesAt: deposits.lapsesAt,
      returnAt: conditionReports.recordedAt,
      windowHours: boats.claimWindowHours,
    })
    .from(deposits)
    .innerJoin(bookings, eq(bookings.id, deposits.bookingId))
    .innerJoin(boats, eq(boats.id, bookings.boatId))
    .innerJoin(
      conditionReports,
      and(eq(conditionReports.bookingId, deposits.bookingId), eq(conditionReports.phase, 'return')),
    )
    .where(
      and(
        eq(deposits.status, 'authorised'),
        eq(deposits.method, 'card'),
        sql`not exists (select 1 from deposit_claims c where c.booking_id = ${deposits.bookingId})`,
        sql`(${conditionReports.recordedAt} + make_interval(hours => ${boats.claimWindowHours}) <= ${now.toISOString()}
          or ${deposits.lapsesAt} <= ${new Date(now.getTime() + LAPSE_MARGIN_MS).toISOString()})`,
      ),
    )
    .limit(BATCH);
  let closed = 0;
  for (const row of open) {
    if (claimWindowEndsAt(row.returnAt, row.windowHours, row.lapsesAt) > now) continue;
    await releaseDeposit(ctx, row.bookingId, { email: 'system' }).catch((err: unknown) => {
      if (!(err instanceof DomainError)) throw err;
    });
    closed += 1;
  }
  return { claimsSettled: settled, windowsClosed: closed };
}

/** The disputes waiting for the admin, the soonest to lapse first. */
export async function disputedClaims(db: Db) {
  const rows = await db
    .select({
      claim: depositClaims,
      customerName: bookings.customerName,
      boatTitle: boats.title,
      depositCents: deposits.amountCents,
      lapsesAt: deposits.lapsesAt,
      method: deposits.method,
    })
    .from(depositClaims)
    .innerJoin(deposits, eq(deposits.id, depositClaims.depositId))
    .innerJoin(bookings, eq(bookings.id, depositClaims.bookingId))
    .innerJoin(boats, eq(boats.id, bookings.boatId))
    .where(eq(depositClaims.status, 'disputed'))
    .orderBy(sql`${deposits.lapsesAt} asc nulls last`, asc(depositClaims.answeredAt));
  return rows.map((row) => ({
    bookingId: row.claim.bookingId,
    reference: bookingReference(row.claim.bookingId),
    boatTitle: row.boatTitle.en,
    customerName: row.customerName,
    deposit: centsToEuros(row.depositCents),
    claim: claimView(row.claim),
    lapsesAt: row.method === 'card' ? (row.lapsesAt?.toISOString() ?? null) : null,
  }));
}

/** A deposit with its claim, as an action answers it. */
export async function depositWithClaim(ctx: AppContext, bookingId: string) {
  const deposit = await depositOf(ctx.db, bookingId);
  const claim = await claimOf(ctx.db, bookingId);
  return { deposit: deposit ? depositView(deposit) : null, claim: claim ? claimView(claim) : null };
}
