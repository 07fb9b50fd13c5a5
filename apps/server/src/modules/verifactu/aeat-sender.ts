// The outbox sender (docs/invoicing.md#submission): the records waiting in aeat_submissions go to
// the AEAT in messages of one issuer's records, at most 1,000 each, in chain order; never sooner
// than the waiting time (TiempoEsperaEnvio) the issuer's last answer gave, unless 1,000 are
// waiting; an owner's not before the platform's representation of them is recorded; a message
// without an answer (timeout, network, HTTP error, a refusal of the whole message) puts its records
// back with a backoff, so none is lost; each record's verdict is stored. It speaks to the AEAT only
// through the TaxAuthority port, in the records' terms; the AEAT's XML is the adapter's.
//
// Claims and lock order: a sender locks the issuer's send window (aeat_send_windows, FOR UPDATE),
// then claims the due records (state 'sent' until lease_until, attempts + 1) and commits before it
// sends, so two senders (two instances) never put one record in two messages; the answer is
// written only for the claim it belongs to (the same attempts), so a record whose lease lapsed and
// was claimed again is answered once. A record that went out but whose answer was lost is sent
// again after its backoff, and the AEAT refuses it as a duplicate (3000) with the state it holds:
// that is its answer.
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { AEAT_BACKOFF } from '@boats/domain/retry-backoff';
import { AEAT_BATCH_LIMIT, type SubmissionState } from '@boats/domain/verifactu';
import type { AppContext } from '../../context';
import { LEASE_MS, retryAt } from '../outbox/retrying-outbox';
import { chainedOf, type BillingRecordRow } from './billing-records';
import { heldIssuerNifs } from './record-queries';
import { aeatSendWindows, aeatSubmissions, billingRecords } from './schema';
import { messageHeader } from './submission-header';
import type { RecordVerdict, SubmissionResult, TaxAuthority } from './tax-authority';

/** At most this many messages per issuer in one run (full batches go one after the other). */
const MESSAGES_PER_RUN = 20;

type Claim = { issuerNif: string; rows: BillingRecordRow[]; attempts: Map<string, number> };

/** Sends every issuer's due records; answers how many messages went out. */
export async function sendDueRecords(ctx: AppContext, authority: TaxAuthority): Promise<number> {
  const now = ctx.now();
  // An owner's records wait while the platform holds no representation of theirs before the AEAT:
  // its certificate may not send them (the AEAT would refuse the whole message, 4112).
  const issuers = await ctx.db
    .selectDistinct({ nif: aeatSubmissions.issuerNif })
    .from(aeatSubmissions)
    .where(and(due(now), sql`${aeatSubmissions.issuerNif} not in ${heldIssuerNifs}`));
  let messages = 0;
  for (const { nif } of issuers) {
    for (let i = 0; i < MESSAGES_PER_RUN; i++) {
      const claim = await claimBatch(ctx, nif);
      if (!claim) break;
      await sendClaim(ctx, authority, claim);
      messages += 1;
      if (claim.rows.length < AEAT_BATCH_LIMIT) break;
    }
  }
  return messages;
}

/** Waiting and due, or sent and never answered within its claim. */
function due(now: Date) {
  return or(
    and(eq(aeatSubmissions.state, 'pending'), lte(aeatSubmissions.notBefore, now)),
    and(eq(aeatSubmissions.state, 'sent'), lte(aeatSubmissions.leaseUntil, now)),
  );
}

/**
 * Under the issuer's send window: the issuer's first 1,000 due records in chain order, if the
 * window is open or they fill a message; claimed (sent, for the outbox's LEASE_MS) when the transaction ends.
 */
async function claimBatch(ctx: AppContext, issuerNif: string): Promise<Claim | null> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    await tx.insert(aeatSendWindows).values({ issuerNif, notBefore: now }).onConflictDoNothing();
    const [window] = await tx
      .select()
      .from(aeatSendWindows)
      .where(eq(aeatSendWindows.issuerNif, issuerNif))
      .for('update');
    const waiting = await tx
      .select({ id: aeatSubmissions.recordId })
      .from(aeatSubmissions)
      .innerJoin(billingRecords, eq(billingRecords.id, aeatSubmissions.recordId))
      .where(and(eq(aeatSubmissions.issuerNif, issuerNif), due(now)))
      .orderBy(asc(billingRecords.position))
      .limit(AEAT_BATCH_LIMIT);
    if (waiting.length === 0) return null;
    if (window && window.notBefore > now && waiting.length < AEAT_BATCH_LIMIT) return null;
    const ids = waiting.map((w) => w.id);
    const claimed = await tx
      .update(aeatSubmissions)
      .set({
        state: 'sent',
        attempts: sql`${aeatSubmissions.attempts} + 1`,
        sentAt: now,
        leaseUntil: new Date(now.getTime() + LEASE_MS),
      })
      .where(inArray(aeatSubmissions.recordId, ids))
      .returning({ id: aeatSubmissions.recordId, attempts: aeatSubmissions.attempts });
    // No other message of this issuer until this one's answer says when (or its claim lapses).
    await tx
      .update(aeatSendWindows)
      .set({ notBefore: new Date(now.getTime() + LEASE_MS) })
      .where(eq(aeatSendWindows.issuerNif, issuerNif));
    const rows = await tx
      .select()
      .from(billingRecords)
      .where(inArray(billingRecords.id, ids))
      .orderBy(asc(billingRecords.position));
    return { issuerNif, rows, attempts: new Map(claimed.map((c) => [c.id, c.attempts])) };
  });
}

async function sendClaim(ctx: AppContext, authority: TaxAuthority, claim: Claim): Promise<void> {
  const result = await authority.submit({
    header: await messageHeader(ctx, claim.issuerNif),
    records: claim.rows.map((r) => ({ id: r.id, record: chainedOf(r), system: r.system })),
  });
  if (!result.answered) {
    const notBefore = await putBack(ctx, claim, claim.rows, result.reason);
    // The issuer's later records wait behind the backoff too, so its chain goes out in order.
    await ctx.db
      .update(aeatSendWindows)
      .set({ notBefore })
      .where(eq(aeatSendWindows.issuerNif, claim.issuerNif));
    return;
  }
  await storeAnswer(ctx, claim, result);
}

/**
 * Back to waiting with why (the admin sees it), together after the backoff of the most tried of
 * them, so none goes before a record earlier in the chain; answers when.
 */
async function putBack(ctx: AppContext, claim: Claim, rows: BillingRecordRow[], why: string): Promise<Date> {
  const mostTried = Math.max(...rows.map((r) => claim.attempts.get(r.id) ?? 1));
  const notBefore = retryAt(ctx.now(), mostTried, AEAT_BACKOFF);
  await ctx.db
    .update(aeatSubmissions)
    .set({ state: 'pending', notBefore, leaseUntil: null, errorCode: null, errorText: why.slice(0, 1500) })
    .where(ownClaim(claim, rows));
  return notBefore;
}

/** The rows as this claim left them: still sent, and with the claim's attempt number (not claimed again). */
function ownClaim(claim: Claim, rows: BillingRecordRow[]) {
  const ids = rows.map((r) => r.id);
  const attempts = rows.map((r) => claim.attempts.get(r.id) ?? 1);
  return sql`${aeatSubmissions.state} = 'sent' and (${aeatSubmissions.recordId}, ${aeatSubmissions.attempts})
    in (select * from unnest(${sql.param(ids)}::uuid[], ${sql.param(attempts)}::int[]))`;
}

type Outcome = { state: SubmissionState; errorCode: number | null; errorText: string | null };

/** A record's state as stored from its verdict. */
function outcomeOf(verdict: RecordVerdict): Outcome {
  return verdict.state === 'accepted'
    ? { state: 'accepted', errorCode: null, errorText: null }
    : { state: verdict.state, errorCode: verdict.code, errorText: verdict.description };
}

async function storeAnswer(
  ctx: AppContext,
  claim: Claim,
  answer: Extract<SubmissionResult, { answered: true }>,
): Promise<void> {
  const now = ctx.now();
  const unanswered = claim.rows.filter((r) => !answer.verdicts.has(r.id));
  // One update per distinct outcome (most messages: every record accepted, one update).
  const outcomes = new Map<string, { outcome: Outcome; rows: BillingRecordRow[] }>();
  for (const row of claim.rows) {
    const verdict = answer.verdicts.get(row.id);
    if (!verdict) continue;
    const outcome = outcomeOf(verdict);
    const key = JSON.stringify(outcome);
    const group = outcomes.get(key);
    if (group) group.rows.push(row);
    else outcomes.set(key, { outcome, rows: [row] });
  }
  await ctx.db.transaction(async (tx) => {
    for (const { outcome, rows } of outcomes.values()) {
      await tx
        .update(aeatSubmissions)
        .set({ ...outcome, answeredAt: now, leaseUntil: null, receipt: answer.receipt })
        .where(ownClaim(claim, rows));
    }
    await tx
      .update(aeatSendWindows)
      .set({ notBefore: new Date(now.getTime() + answer.waitSeconds * 1000) })
      .where(eq(aeatSendWindows.issuerNif, claim.issuerNif));
  });
  // A record the answer does not mention is not lost: it waits for another try.
  if (unanswered.length > 0) await putBack(ctx, claim, unanswered, "the AEAT's answer did not mention it");
}
