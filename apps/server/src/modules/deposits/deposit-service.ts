// The security deposit's life (docs/payments.md#the-security-deposit, decision 38).
//
// At the checkout of a boat that asks a deposit the card is saved to a provider customer (the
// booking's intent with setup_future_usage off_session) and a `scheduled` row is written with the
// booking. The `deposits` job authorises it on the saved card (manual capture, off-session)
// DEPOSIT_HOURS_BEFORE before departure; a refusal (`failed`) tells the customer and the owner at
// once, and is mended by another card (the customer's link) or a deposit taken at the harbour.
// After the return staff release it in full or capture part or all of it for damage, with a
// reason; an authorisation nobody decided on lapses with the card networks' window. A captured
// deposit is the owner's earning on a line of its own, without commission; nothing else of a
// deposit is revenue or in any owner's earnings.
import {
  DEPOSIT_INTENT_KIND,
  depositAuthoriseAt,
  depositCaptureRefusal,
  depositLapsesAt,
  type DepositMethod,
  type DepositStatus,
} from '@boats/domain/deposits';
import { centsToEuros } from '@boats/domain/money';
import type { DepositView } from '@boats/domain/schemas/deposit';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { boats, bookings, depositClaims, deposits, ownerEarningLines } from '../../db/schema';
import { badRequest, conflict, DomainError, notFound } from '../../http/errors';
import { noteAudit } from '../audit/audit-trail';
import type { BookingRow } from '../bookings/booking-repository';
import { emitEvent } from '../events/domain-events';
import { noteInHistory } from '../bookings/lifecycle';
import { followMovedBookings } from './deposit-follows-booking';
import { boatsInScope, type OwnerScope } from '../owner-scope/owner-scope';

type DepositRow = typeof deposits.$inferSelect;

const BATCH = 50;

/** The booking exists (its caller checked) but asks no deposit: nothing to act on. */
const noDeposit = () => conflict('no_deposit', 'This booking has no security deposit.');

/** Whether the booking's boat is in the caller's scope (another owner's booking: not found). */
export async function bookingInScope(db: Db, scope: OwnerScope, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(boats, eq(boats.id, bookings.boatId))
    .where(and(eq(bookings.id, id), boatsInScope(scope)));
  return row !== undefined;
}

/**
 * A deposit's intent names its booking as `depositOf`, never `bookingId`: the webhook and the
 * confirmation find a booking's payments by that key (bookings/payment-confirmation.ts), and a
 * deposit is no payment of its booking.
 */
const depositMetadata = (bookingId: string, depositId: string) => ({
  depositOf: bookingId,
  depositId,
  kind: DEPOSIT_INTENT_KIND,
});

/** The booking's deposit, if its boat asks one. */
export async function depositOf(db: Db, bookingId: string): Promise<DepositRow | undefined> {
  const [row] = await db.select().from(deposits).where(eq(deposits.bookingId, bookingId));
  return row;
}

/** How the customer, the owner and the admin see a deposit. */
export function depositView(row: DepositRow): DepositView {
  return {
    amount: centsToEuros(row.amountCents),
    status: row.status,
    method: row.method,
    holdAt: row.authoriseAt.toISOString(),
    lapsesAt:
      row.status === 'authorised' && row.method === 'card' ? (row.lapsesAt?.toISOString() ?? null) : null,
    captured: centsToEuros(row.capturedCents),
    reason: row.reason,
    failure: row.failure,
  };
}

/**
 * Written with the checkout's booking (in its transaction) when the boat asks a deposit: the
 * amount is the boat's at the sale, and the card is authorised DEPOSIT_HOURS_BEFORE departure.
 */
export async function scheduleDeposit(
  ctx: AppContext,
  tx: Db,
  booking: Pick<BookingRow, 'id' | 'startsAt'>,
  amountCents: number,
): Promise<void> {
  if (amountCents <= 0) return;
  await tx
    .insert(deposits)
    .values({
      bookingId: booking.id,
      amountCents,
      authoriseAt: depositAuthoriseAt(booking.startsAt, ctx.config.DEPOSIT_HOURS_BEFORE),
    })
    .onConflictDoNothing();
}

/**
 * The provider customer a checkout's card is saved to (before its intent is made, which names
 * it). Idempotent per booking.
 */
export async function depositCustomerFor(
  ctx: AppContext,
  booking: Pick<BookingRow, 'id' | 'customerEmail' | 'customerName'>,
): Promise<string> {
  const customer = await ctx.payments.createCustomer({
    email: booking.customerEmail,
    name: booking.customerName,
    metadata: { bookingId: booking.id },
    idempotencyKey: `deposit-customer-${booking.id}`,
  });
  await ctx.db
    .update(deposits)
    .set({ providerCustomerId: customer.id, updatedAt: ctx.now() })
    .where(eq(deposits.bookingId, booking.id));
  return customer.id;
}

/** Moves a deposit from one of `from` in one guarded update; undefined when it was not in them. */
async function moveDeposit(
  db: Db,
  id: string,
  from: readonly DepositStatus[],
  set: Partial<typeof deposits.$inferInsert>,
): Promise<DepositRow | undefined> {
  const [row] = await db
    .update(deposits)
    .set(set)
    .where(and(eq(deposits.id, id), inArray(deposits.status, [...from])))
    .returning();
  return row;
}

/**
 * Authorises one scheduled deposit on the booking's saved card. The key is the deposit's and its
 * attempt's, so a run that crashed after the provider's answer finds the same authorisation again.
 */
async function authoriseDeposit(ctx: AppContext, deposit: DepositRow, booking: BookingRow): Promise<void> {
  const now = ctx.now();
  const intent = booking.providerPaymentId
    ? await ctx.payments.retrieveIntent(booking.providerPaymentId).catch(() => undefined)
    : undefined;
  const card = intent?.paymentMethodId;
  if (!deposit.providerCustomerId || !card) {
    // A booking paid without a card (a gift voucher): only the harbour can take its deposit.
    await failDeposit(ctx, deposit, 'no_saved_card', 'No card was saved for the deposit.');
    return;
  }
  const result = await ctx.payments.authoriseOffSession({
    amountCents: deposit.amountCents,
    currency: 'eur',
    customerId: deposit.providerCustomerId,
    paymentMethodId: card,
    metadata: depositMetadata(booking.id, deposit.id),
    idempotencyKey: `deposit-${deposit.id}-${deposit.attempts}`,
    description: `Security deposit, booking ${booking.id}`,
  });
  if (!result.ok) {
    await failDeposit(ctx, deposit, result.code, result.message);
    return;
  }
  const held = await moveDeposit(ctx.db, deposit.id, ['scheduled'], {
    status: 'authorised',
    providerIntentId: result.intent.id,
    authorisedAt: now,
    lapsesAt: depositLapsesAt(now),
    failure: null,
    decidedBy: 'system',
    updatedAt: now,
  });
  // Taken at the harbour meanwhile: the card's authorisation is let go.
  if (!held) await ctx.payments.cancelIntent?.(result.intent.id).catch(() => undefined);
}

/** The card refused: the customer and the owner are told at once (one event, two e-mails). */
async function failDeposit(ctx: AppContext, deposit: DepositRow, code: string, message: string) {
  await ctx.db.transaction(async (tx) => {
    const failed = await moveDeposit(tx, deposit.id, ['scheduled'], {
      status: 'failed',
      failure: `${code}: ${message}`,
      attempts: deposit.attempts + 1,
      updatedAt: ctx.now(),
    });
    if (failed) {
      for (const kind of ['booking.deposit_failed', 'booking.deposit_failed_owner'] as const) {
        await emitEvent(tx, { kind, bookingId: deposit.bookingId, payload: { code } });
      }
    }
  });
}

/**
 * The `deposits` job: authorises the scheduled deposits that are due on paid bookings, closes
 * those whose booking was canceled before anything was held, settles a new card the customer gave
 * for a failed one, and lapses the authorisations past the card networks' window.
 */
export async function tendDeposits(ctx: AppContext): Promise<{ authorised: number; lapsed: number }> {
  const now = ctx.now();
  // Canceled before anything was held: nothing to hold.
  await ctx.db.execute(sql`
    update deposits d set status = 'canceled', updated_at = ${now.toISOString()}
    from bookings b where b.id = d.booking_id and d.status in ('scheduled', 'failed')
      and d.provider_intent_id is null and b.status in ('canceled', 'refunded')`);

  // A booking moved to another date (a change of date, a weather move) is held before its new
  // departure: a deposit held on the card that would lapse too soon is scheduled again, and a
  // deposit not yet held follows its booking's start.
  await followMovedBookings(ctx);
  await ctx.db.execute(sql`
    update deposits d set authorise_at = b.starts_at - make_interval(hours => ${ctx.config.DEPOSIT_HOURS_BEFORE}),
      updated_at = ${now.toISOString()}
    from bookings b where b.id = d.booking_id and d.status = 'scheduled'
      and d.authorise_at <> b.starts_at - make_interval(hours => ${ctx.config.DEPOSIT_HOURS_BEFORE})`);

  const due = await ctx.db
    .select({ deposit: deposits, booking: bookings })
    .from(deposits)
    .innerJoin(bookings, eq(bookings.id, deposits.bookingId))
    .where(
      and(
        eq(deposits.status, 'scheduled'),
        lte(deposits.authoriseAt, now),
        inArray(bookings.status, ['paid', 'confirmed']),
      ),
    )
    .orderBy(deposits.authoriseAt)
    .limit(BATCH);
  for (const { deposit, booking } of due) await authoriseDeposit(ctx, deposit, booking);

  // Held on the card for a booking canceled since: let go (money taken at the harbour is handed
  // back by staff, who release it).
  const orphaned = await ctx.db
    .select({ deposit: deposits })
    .from(deposits)
    .innerJoin(bookings, eq(bookings.id, deposits.bookingId))
    .where(
      and(
        eq(deposits.status, 'authorised'),
        eq(deposits.method, 'card'),
        inArray(bookings.status, ['canceled', 'refunded']),
        // A damage claim filed before goes on: the damage is not the rental's price.
        sql`not exists (select 1 from deposit_claims c where c.booking_id = ${deposits.bookingId})`,
      ),
    )
    .limit(BATCH);
  for (const { deposit } of orphaned) await letGo(ctx, deposit);

  // A failed deposit the customer gave another card for: held once the card authorised it.
  const mending = await ctx.db
    .select()
    .from(deposits)
    .where(and(eq(deposits.status, 'failed'), sql`${deposits.providerIntentId} is not null`))
    .limit(BATCH);
  for (const deposit of mending) await settleNewCard(ctx, deposit);

  const lapsing = await ctx.db
    .select()
    .from(deposits)
    .where(and(eq(deposits.status, 'authorised'), eq(deposits.method, 'card'), lte(deposits.lapsesAt, now)))
    .limit(BATCH);
  for (const deposit of lapsing) await lapseDeposit(ctx, deposit);
  return { authorised: due.length, lapsed: lapsing.length };
}

/** A card deposit of a canceled booking: its authorisation canceled, released by the system. */
async function letGo(ctx: AppContext, deposit: DepositRow): Promise<void> {
  if (deposit.providerIntentId) {
    const intent = await ctx.payments.retrieveIntent(deposit.providerIntentId);
    if (intent.status === 'requires_capture') await ctx.payments.cancelIntent?.(intent.id);
  }
  await moveDeposit(ctx.db, deposit.id, ['authorised'], {
    status: 'released',
    decidedBy: 'system',
    decidedAt: ctx.now(),
    updatedAt: ctx.now(),
  });
}

/**
 * The card networks' window closed with nothing decided: the provider cancels the authorisation
 * (Stripe does it itself; asked again, it changes nothing) and the deposit lapsed, nothing taken.
 */
async function lapseDeposit(ctx: AppContext, deposit: DepositRow): Promise<void> {
  if (deposit.providerIntentId) {
    const intent = await ctx.payments.retrieveIntent(deposit.providerIntentId);
    if (intent.status === 'requires_capture') await ctx.payments.cancelIntent?.(intent.id);
  }
  await ctx.db.transaction(async (tx) => {
    const lapsed = await moveDeposit(tx, deposit.id, ['authorised'], {
      status: 'lapsed',
      decidedBy: 'system',
      decidedAt: ctx.now(),
      updatedAt: ctx.now(),
    });
    if (lapsed) await lapseClaim(ctx, tx, deposit.bookingId);
  });
}

/**
 * A claim whose deposit lapsed before it was captured (still waiting, or decided and not yet
 * captured): closed, nothing taken; the booking's history says so.
 */
async function lapseClaim(ctx: AppContext, tx: Db, bookingId: string): Promise<void> {
  const [claim] = await tx
    .update(depositClaims)
    .set({ status: 'lapsed', updatedAt: ctx.now() })
    .where(
      and(
        eq(depositClaims.bookingId, bookingId),
        inArray(depositClaims.status, ['open', 'disputed', 'accepted', 'expired', 'decided']),
      ),
    )
    .returning();
  if (!claim) return;
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
  if (booking) await noteInHistory(ctx, tx, booking, { actor: 'system', code: 'claim_lapsed' });
}

/** A failed deposit's new card (POST /api/bookings/{id}/deposit/card): held once authorised. */
async function settleNewCard(ctx: AppContext, deposit: DepositRow): Promise<DepositRow | undefined> {
  if (!deposit.providerIntentId) return undefined;
  const intent = await ctx.payments.retrieveIntent(deposit.providerIntentId);
  if (intent.status !== 'requires_capture') return undefined;
  const now = ctx.now();
  return moveDeposit(ctx.db, deposit.id, ['failed'], {
    status: 'authorised',
    authorisedAt: now,
    lapsesAt: depositLapsesAt(now),
    failure: null,
    updatedAt: now,
  });
}

/**
 * The customer mends a failed deposit with another card, on manage my booking: an intent of the
 * deposit's amount, authorised only (manual capture), paid with the checkout's own card step.
 * Answers its client secret; the same intent until it is paid.
 */
export async function depositCardIntent(
  ctx: AppContext,
  bookingId: string,
): Promise<{ clientSecret: string; amount: number }> {
  const deposit = await depositOf(ctx.db, bookingId);
  if (!deposit) throw noDeposit();
  if (deposit.status !== 'failed') {
    throw conflict('deposit_not_failed', 'This deposit needs no other card.', { status: deposit.status });
  }
  const intent = await ctx.payments.createIntent({
    amountCents: deposit.amountCents,
    currency: 'eur',
    metadata: depositMetadata(bookingId, deposit.id),
    idempotencyKey: `deposit-card-${deposit.id}-${deposit.attempts}`,
    description: `Security deposit, booking ${bookingId}`,
    captureMethod: 'manual',
  });
  await ctx.db
    .update(deposits)
    .set({ providerIntentId: intent.id, updatedAt: ctx.now() })
    .where(and(eq(deposits.id, deposit.id), eq(deposits.status, 'failed')));
  return { clientSecret: intent.clientSecret, amount: centsToEuros(deposit.amountCents) };
}

/** The customer's return from the new card's page: held at once when the card authorised it. */
export async function confirmDepositCard(ctx: AppContext, bookingId: string): Promise<DepositView> {
  const deposit = await depositOf(ctx.db, bookingId);
  if (!deposit) throw noDeposit();
  const settled = deposit.status === 'failed' ? await settleNewCard(ctx, deposit) : undefined;
  return depositView(settled ?? deposit);
}

type Staff = { email: string };

/**
 * How a claim's outcome settles the deposit (claim-service.ts): its own writes in the capture's
 * or the release's transaction, and the release's code for the customer's e-mail.
 */
type Settling = { within?: (tx: Db, deposit: DepositRow) => Promise<void>; code?: string };

/** The booking's damage claim, if one was filed. */
export async function claimOf(db: Db, bookingId: string) {
  const [row] = await db.select().from(depositClaims).where(eq(depositClaims.bookingId, bookingId));
  return row;
}

/** Locks the booking's deposit for a staff decision; 404 without one. */
async function lockDeposit(tx: Db, bookingId: string): Promise<DepositRow> {
  const [row] = await tx.select().from(deposits).where(eq(deposits.bookingId, bookingId)).for('update');
  if (!row) throw noDeposit();
  return row;
}

/**
 * Staff take the deposit at the harbour (cash, card terminal or bank transfer) instead of on the
 * card: a failed deposit, one never authorised, or a booking sold without the card (a walk-in).
 * Recorded as held in hand, by whom; a card authorisation made meanwhile is let go.
 */
export async function takeDepositAtHarbour(
  ctx: AppContext,
  bookingId: string,
  staff: Staff,
  method: Exclude<DepositMethod, 'card'>,
): Promise<DepositView> {
  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
    if (!booking) throw notFound('Booking');
    if (!['paid', 'confirmed', 'completed'].includes(booking.status)) {
      throw conflict('booking_not_sold', 'A deposit is taken only for a paid booking.');
    }
    const [boat] = await tx
      .select({ depositCents: boats.depositCents })
      .from(boats)
      .where(eq(boats.id, booking.boatId));
    const [existing] = await tx
      .select()
      .from(deposits)
      .where(eq(deposits.bookingId, bookingId))
      .for('update');
    if (!existing) {
      if (!boat || boat.depositCents <= 0) throw noDeposit();
      await tx.insert(deposits).values({
        bookingId,
        amountCents: boat.depositCents,
        authoriseAt: now,
      });
    }
    const row = existing ?? (await lockDeposit(tx, bookingId));
    if (!['scheduled', 'failed'].includes(row.status)) {
      throw conflict('deposit_decided', 'This deposit is already held or decided.', { status: row.status });
    }
    const held = await moveDeposit(tx, row.id, ['scheduled', 'failed'], {
      status: 'authorised',
      method,
      providerIntentId: null,
      authorisedAt: now,
      lapsesAt: null,
      failure: null,
      decidedBy: staff.email,
      updatedAt: now,
    });
    return { held, cardIntent: row.providerIntentId };
  });
  // A new card the customer was paying meanwhile is let go (nothing is charged on it).
  if (outcome.cardIntent) await ctx.payments.cancelIntent?.(outcome.cardIntent).catch(() => undefined);
  noteAudit({ bookingId, changes: { deposit: { before: 'failed', after: `harbour:${method}` } } });
  if (!outcome.held) throw new Error('deposit vanished');
  return depositView(outcome.held);
}

/**
 * After the return, staff give the deposit back in full: the card's authorisation is canceled
 * (nothing was charged), or the money taken at the harbour is handed back.
 */
export async function releaseDeposit(
  ctx: AppContext,
  bookingId: string,
  staff: Staff,
  options: Settling = {},
): Promise<DepositView> {
  const deposit = await depositOf(ctx.db, bookingId);
  if (!deposit) throw noDeposit();
  if (deposit.status !== 'authorised') {
    throw conflict('deposit_not_held', 'This deposit is not held.', { status: deposit.status });
  }
  if (!options.within && (await claimOf(ctx.db, bookingId))) {
    throw conflict('deposit_claimed', 'A damage claim decides this deposit.');
  }
  if (deposit.method === 'card' && deposit.providerIntentId) {
    const intent = await ctx.payments.retrieveIntent(deposit.providerIntentId);
    if (intent.status === 'requires_capture') await ctx.payments.cancelIntent?.(intent.id);
    else if (intent.status === 'canceled') {
      await lapseDeposit(ctx, deposit);
      throw conflict('deposit_lapsed', 'The card authorisation had lapsed: nothing was held any more.');
    }
  }
  const now = ctx.now();
  const released = await ctx.db.transaction(async (tx) => {
    const row = await moveDeposit(tx, deposit.id, ['authorised'], {
      status: 'released',
      decidedBy: staff.email,
      decidedAt: now,
      updatedAt: now,
    });
    if (!row) throw conflict('deposit_decided', 'This deposit was decided meanwhile.');
    await emitEvent(tx, {
      kind: 'booking.deposit_released',
      bookingId,
      payload: options.code ? { code: options.code } : {},
    });
    await options.within?.(tx, row);
    return row;
  });
  noteAudit({ bookingId, changes: { deposit: { before: 'authorised', after: 'released' } } });
  return depositView(released);
}

/**
 * Staff keep `amountCents` of the deposit for documented damage, with the reason the customer is
 * told; never more than the deposit. The card's authorisation is captured for that amount (the
 * provider releases the rest); at the harbour the rest is handed back. The amount kept is the
 * boat owner's, on an earning line of its own (kind deposit, no commission: decision 38).
 */
export async function captureDeposit(
  ctx: AppContext,
  bookingId: string,
  staff: Staff,
  input: { amountCents: number; reason: string },
  options: Settling = {},
): Promise<DepositView> {
  const deposit = await depositOf(ctx.db, bookingId);
  if (!deposit) throw noDeposit();
  const refusal = depositCaptureRefusal(deposit, input.amountCents);
  if (refusal === 'invalid_amount')
    throw badRequest('invalid_amount', 'The amount must be more than 0.', { field: 'amount' });
  if (refusal === 'capture_exceeds_deposit') {
    throw conflict(
      'capture_exceeds_deposit',
      `At most the deposit, €${centsToEuros(deposit.amountCents).toFixed(2)}, can be kept.`,
      {
        deposit: centsToEuros(deposit.amountCents),
      },
    );
  }
  if (refusal) throw conflict(refusal, 'This deposit is not held.', { status: deposit.status });
  if (deposit.method === 'card') {
    if (!deposit.providerIntentId) throw new Error('a card deposit without its authorisation');
    try {
      const intent = await ctx.payments.captureIntent(
        deposit.providerIntentId,
        `deposit-capture-${deposit.id}`,
        input.amountCents,
      );
      if (intent.status !== 'succeeded' || intent.amountReceivedCents !== input.amountCents) {
        throw conflict('deposit_capture_mismatch', 'The card provider captured another amount.');
      }
    } catch (err) {
      const now = await ctx.payments.retrieveIntent(deposit.providerIntentId).catch(() => undefined);
      if (now?.status === 'canceled') {
        await lapseDeposit(ctx, deposit);
        throw conflict('deposit_lapsed', 'The card authorisation had lapsed: nothing can be captured.');
      }
      if (err instanceof DomainError) throw err;
      throw new DomainError(
        502,
        'provider_unavailable',
        'The card provider did not answer. Please try again.',
      );
    }
  }
  const now = ctx.now();
  const captured = await ctx.db.transaction(async (tx) => {
    const row = await moveDeposit(tx, deposit.id, ['authorised'], {
      status: 'captured',
      capturedCents: input.amountCents,
      reason: input.reason,
      decidedBy: staff.email,
      decidedAt: now,
      updatedAt: now,
    });
    if (!row) throw conflict('deposit_decided', 'This deposit was decided meanwhile.');
    await writeDepositEarning(tx, row, now);
    await emitEvent(tx, {
      kind: 'booking.deposit_captured',
      bookingId,
      payload: { amountCents: input.amountCents, reason: input.reason },
    });
    await options.within?.(tx, row);
    return row;
  });
  noteAudit({
    bookingId,
    changes: { deposit: { before: 'authorised', after: `captured:${input.amountCents}` } },
  });
  return depositView(captured);
}

/**
 * The owner's earning of a captured deposit: its own line (kind deposit), the whole amount the
 * owner's, no commission, payable at once (the damage is the owner's loss). One per booking
 * (a unique index), so it is paid out once.
 */
async function writeDepositEarning(tx: Db, deposit: DepositRow, now: Date): Promise<void> {
  const [owner] = await tx
    .select({ ownerId: boats.ownerId })
    .from(bookings)
    .innerJoin(boats, eq(boats.id, bookings.boatId))
    .where(eq(bookings.id, deposit.bookingId));
  if (!owner) throw new Error('booking without boat');
  await tx
    .insert(ownerEarningLines)
    .values({
      ownerId: owner.ownerId,
      bookingId: deposit.bookingId,
      kind: 'deposit',
      netCents: deposit.capturedCents,
      feeCents: 0,
      ownerCents: deposit.capturedCents,
      commissionBps: 0,
      earnedAt: now,
      payableAt: now,
      createdAt: now,
    })
    .onConflictDoNothing();
}
