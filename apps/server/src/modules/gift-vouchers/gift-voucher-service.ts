// Gift vouchers (docs/payments.md#gift-vouchers): the sale (a card payment on no booking), its
// confirmation (the confirm call or the provider's webhook, whichever comes first: the voucher
// becomes active once and its e-mails go out once), the printable view, the balance lookup,
// the review step's quote and the checkout's reservation under the voucher's row lock.
import { randomInt } from 'node:crypto';
import {
  formatVoucherCode,
  normalizeVoucherCode,
  VOUCHER_CODE_ALPHABET,
  VOUCHER_CODE_LENGTH,
  voucherExpiresAt,
  voucherRefusal,
  voucherSplit,
  voucherStatus,
  type VoucherRefusal,
  type VoucherState,
} from '@boats/domain/gift-vouchers';
import { languageOf } from '@boats/domain/languages';
import type {
  AdminGiftVoucher,
  AdminGiftVouchersPage,
  GiftVoucherBalanceResponse,
  GiftVoucherPurchase,
  GiftVoucherPurchaseResponse,
  GiftVoucherView,
  VoucherCheckResponse,
} from '@boats/domain/schemas/gift-vouchers';
import { bookingReference } from '@boats/domain/booking-reference';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { badRequest, DomainError, invalidField, notFound } from '../../http/errors';
import { findPublicBoat } from '../boats/boat-repository';
import { emitEvent } from '../events/domain-events';
import type { ProviderIntent } from '../payments/payment-provider';
import {
  balanceOf,
  findGiftVoucher,
  findGiftVoucherByCode,
  insertGiftVoucher,
  insertRedemption,
  listGiftVouchers,
  lockGiftVoucher,
  markVoucherPaid,
  recordSalePayment,
  redemptionsOf,
  salePaymentOfIntent,
  type GiftVoucherRow,
} from './gift-voucher-repository';
import { signGiftVoucherToken, verifyGiftVoucherToken } from './gift-voucher-token';

/** The checkout's field a refusal names. */
const VOUCHER_FIELD = 'booking.voucherCode';

const REFUSAL_TEXT: Record<VoucherRefusal, string> = {
  voucherUnknown: 'There is no gift voucher with this code.',
  voucherNotPaid: 'This gift voucher has not been paid yet.',
  voucherExpired: 'This gift voucher has expired.',
  voucherSpent: 'Nothing is left on this gift voucher.',
};

function refused(code: VoucherRefusal): DomainError {
  return badRequest(code, REFUSAL_TEXT[code], { field: VOUCHER_FIELD });
}

function stateOf(row: GiftVoucherRow, balanceCents: number, now: Date): VoucherState {
  return { paid: row.paidAt !== null, balanceCents, expiresAt: row.expiresAt, now };
}

async function viewOf(ctx: AppContext, row: GiftVoucherRow, balanceCents?: number): Promise<GiftVoucherView> {
  const balance = balanceCents ?? (await balanceOf(ctx.db, row.id));
  const boat = row.boatId ? await findPublicBoat(ctx.db, row.boatId) : undefined;
  return {
    id: row.id,
    code: row.code,
    amount: row.amountCents,
    balance,
    currency: 'EUR',
    expiresAt: row.expiresAt.toISOString(),
    status: voucherStatus(stateOf(row, balance, ctx.now())),
    purchaserName: row.purchaserName,
    recipientName: row.recipientName,
    recipientLanguage: languageOf(row.recipientLanguage),
    message: row.message,
    boat: boat ? { id: boat.id, title: boat.title } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

function newCode(): string {
  let chars = '';
  for (let i = 0; i < VOUCHER_CODE_LENGTH; i += 1)
    chars += VOUCHER_CODE_ALPHABET[randomInt(VOUCHER_CODE_ALPHABET.length)];
  return formatVoucherCode(chars);
}

/** POST /api/gift-vouchers: the voucher (pending) and the card payment of its amount. */
export async function purchaseVoucher(
  ctx: AppContext,
  req: GiftVoucherPurchase,
): Promise<GiftVoucherPurchaseResponse> {
  if (req.boatId && !(await findPublicBoat(ctx.db, req.boatId))) {
    throw invalidField('body.boatId', 'boat_unknown', 'There is no such boat on the site.');
  }
  const now = ctx.now();
  let voucher: GiftVoucherRow | undefined;
  for (let attempt = 0; !voucher && attempt < 5; attempt += 1) {
    voucher = await insertGiftVoucher(ctx.db, {
      code: newCode(),
      amountCents: req.amount,
      boatId: req.boatId ?? null,
      purchaserName: req.purchaser.name,
      purchaserEmail: req.purchaser.email,
      purchaserLanguage: req.lang ?? req.recipient.language,
      recipientName: req.recipient.name,
      recipientEmail: req.recipient.email ?? null,
      recipientLanguage: req.recipient.language,
      message: req.recipient.message ?? null,
      // Counted again from the payment when it succeeds.
      expiresAt: voucherExpiresAt(now, ctx.config.VOUCHER_VALIDITY_MONTHS),
      createdAt: now,
      updatedAt: now,
    });
  }
  if (!voucher) throw new Error('no free gift voucher code');
  let intent: ProviderIntent;
  try {
    intent = await ctx.payments.createIntent({
      amountCents: voucher.amountCents,
      currency: 'eur',
      metadata: { giftVoucherId: voucher.id },
      idempotencyKey: `gift-voucher-${voucher.id}`,
      description: `Gift voucher ${voucher.code}`,
    });
  } catch {
    // The pending voucher stays unpaid for ever: it cannot pay and nobody holds its code.
    throw new DomainError(
      502,
      'provider_unavailable',
      'The card payment could not be prepared. Please try again.',
    );
  }
  const saved = voucher;
  await ctx.db.transaction((tx) =>
    recordSalePayment(tx, { voucherId: saved.id, provider: ctx.payments.name, intent }),
  );
  return { voucherId: voucher.id, clientSecret: intent.clientSecret, amount: voucher.amountCents };
}

export type SaleOutcome =
  | { kind: 'active'; voucher: GiftVoucherRow }
  | { kind: 'not_succeeded'; voucher: GiftVoucherRow; status: string; lastError?: string }
  | { kind: 'no_voucher' };

/**
 * Applies what the provider says about a voucher's sale (the intent is always retrieved from
 * the provider): the payment row follows it, and a succeeded payment of the whole amount makes
 * the voucher active once, from then VOUCHER_VALIDITY_MONTHS, with one `gift_voucher.sold`
 * event (its e-mails). Idempotent: the confirm call, the webhook and the reconciliation agree.
 */
export async function settleVoucherSale(ctx: AppContext, intent: ProviderIntent): Promise<SaleOutcome> {
  const sale = await salePaymentOfIntent(ctx.db, intent.id);
  if (!sale?.giftVoucherId) return { kind: 'no_voucher' };
  const voucherId = sale.giftVoucherId;
  return ctx.db.transaction(async (tx) => {
    const voucher = await lockGiftVoucher(tx, { id: voucherId });
    if (!voucher) return { kind: 'no_voucher' as const };
    await recordSalePayment(tx, { voucherId, provider: sale.provider, intent });
    if (voucher.paidAt) return { kind: 'active' as const, voucher };
    const paid =
      intent.status === 'succeeded' &&
      intent.amountCents === voucher.amountCents &&
      intent.currency.toLowerCase() === 'eur';
    if (!paid) {
      return {
        kind: 'not_succeeded' as const,
        voucher,
        status: intent.status,
        ...(intent.lastError ? { lastError: intent.lastError } : {}),
      };
    }
    const now = ctx.now();
    const active = await markVoucherPaid(
      tx,
      voucher.id,
      now,
      voucherExpiresAt(now, ctx.config.VOUCHER_VALIDITY_MONTHS),
    );
    if (!active) throw new Error('voucher paid twice under its lock');
    // Two events, one e-mail each: the voucher, and the purchaser's receipt.
    for (const kind of ['gift_voucher.sold', 'gift_voucher.receipt'] as const) {
      await emitEvent(tx, { kind, bookingId: null, payload: { giftVoucherId: voucher.id } });
    }
    return { kind: 'active' as const, voucher: active };
  });
}

/** GET /api/gift-vouchers/confirm: the paid voucher and its token; 402 while not paid. */
export async function confirmVoucherPayment(
  ctx: AppContext,
  intentId: string,
): Promise<{ voucher: GiftVoucherView; token: string }> {
  let intent: ProviderIntent;
  try {
    intent = await ctx.payments.retrieveIntent(intentId);
  } catch {
    throw notFound('Gift voucher payment');
  }
  const outcome = await settleVoucherSale(ctx, intent);
  if (outcome.kind === 'no_voucher') throw notFound('Gift voucher payment');
  if (outcome.kind === 'not_succeeded') {
    throw new DomainError(
      402,
      'payment_not_succeeded',
      outcome.lastError ?? `The payment has not succeeded (status: ${outcome.status}).`,
      { status: outcome.status, voucherId: outcome.voucher.id },
    );
  }
  return {
    voucher: await viewOf(ctx, outcome.voucher),
    token: signGiftVoucherToken(outcome.voucher.id, ctx.config.jwtSecret),
  };
}

/** GET /api/gift-vouchers/{id}?token=…: 404 for a wrong token as for no voucher. */
export async function viewVoucher(ctx: AppContext, id: string, token: string): Promise<GiftVoucherView> {
  if (!verifyGiftVoucherToken(id, token, ctx.config.jwtSecret)) throw notFound('Gift voucher');
  const row = await findGiftVoucher(ctx.db, id);
  if (!row) throw notFound('Gift voucher');
  return viewOf(ctx, row);
}

/** A voucher by what someone typed, with its balance; undefined when no code matches. */
async function byTypedCode(ctx: AppContext, text: string) {
  const code = normalizeVoucherCode(text);
  const row = code ? await findGiftVoucherByCode(ctx.db, code) : undefined;
  if (!row) return undefined;
  return { row, balanceCents: await balanceOf(ctx.db, row.id) };
}

/** GET /api/gift-vouchers/balance?code=…: an unpaid voucher is not shown (404 like none). */
export async function voucherBalance(ctx: AppContext, text: string): Promise<GiftVoucherBalanceResponse> {
  const found = await byTypedCode(ctx, text);
  if (!found?.row.paidAt) throw new DomainError(404, 'voucherUnknown', REFUSAL_TEXT.voucherUnknown);
  return {
    code: found.row.code,
    balance: found.balanceCents,
    expiresAt: found.row.expiresAt.toISOString(),
    status: voucherStatus(stateOf(found.row, found.balanceCents, ctx.now())),
  };
}

/** GET /api/boat/{id}/voucher: what the voucher would pay of `total` (the checkout reserves it). */
export async function quoteVoucher(
  ctx: AppContext,
  boatId: string,
  text: string,
  totalCents: number,
): Promise<VoucherCheckResponse> {
  if (!(await findPublicBoat(ctx.db, boatId))) throw notFound('Boat');
  const found = await byTypedCode(ctx, text);
  const refusal = voucherRefusal(found && stateOf(found.row, found.balanceCents, ctx.now()));
  if (refusal || !found) throw refused(refusal ?? 'voucherUnknown');
  const split = voucherSplit(totalCents, found.balanceCents);
  return {
    code: found.row.code,
    balance: found.balanceCents,
    voucherAmount: split.voucherCents,
    cardAmount: split.cardCents,
    expiresAt: found.row.expiresAt.toISOString(),
  };
}

/**
 * The checkout's reservation, in its transaction after the trip's rows and a promo code's row
 * (lock-order.ts): the voucher's row is locked, its balance counted under the lock and the
 * booking's 'voucher' payment inserted before the lock is released, so two checkouts never
 * spend the same balance. Answers how the total is paid.
 */
export async function reserveVoucherUnderLock(
  tx: Db,
  now: Date,
  input: { text: string; totalCents: number },
): Promise<{ voucherId: string; voucherCents: number; cardCents: number }> {
  const code = normalizeVoucherCode(input.text);
  const row = code ? await lockGiftVoucher(tx, { code }) : undefined;
  const balanceCents = row ? await balanceOf(tx, row.id) : 0;
  const refusal = voucherRefusal(row && stateOf(row, balanceCents, now));
  if (refusal || !row) throw refused(refusal ?? 'voucherUnknown');
  const split = voucherSplit(input.totalCents, balanceCents);
  return { voucherId: row.id, ...split };
}

/** Writes the reservation of reserveVoucherUnderLock once the booking exists (same transaction). */
export async function holdVoucherPart(
  tx: Db,
  input: { bookingId: string; voucherId: string; voucherCents: number; at: Date },
): Promise<void> {
  if (input.voucherCents <= 0) return;
  await insertRedemption(tx, {
    bookingId: input.bookingId,
    voucherId: input.voucherId,
    amountCents: input.voucherCents,
    at: input.at,
  });
}

const PAGE_SIZE = 50;

function decodeCursor(cursor: string | undefined): { createdAt: Date; id: string } | undefined {
  if (!cursor) return undefined;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime())) throw badRequest('invalid_cursor', 'Invalid cursor.');
  return { createdAt, id };
}

/** GET /api/admin/gift-vouchers: newest first, with their redemptions; a status filters the page. */
export async function listVouchersForAdmin(
  ctx: AppContext,
  query: {
    q?: string | undefined;
    status?: GiftVoucherView['status'] | undefined;
    cursor?: string | undefined;
  },
): Promise<AdminGiftVouchersPage> {
  const rows = await listGiftVouchers(ctx.db, {
    q: query.q,
    before: decodeCursor(query.cursor),
    limit: PAGE_SIZE,
  });
  const redemptions = await redemptionsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const items: AdminGiftVoucher[] = [];
  for (const row of rows) {
    const view = await viewOf(ctx, row, row.balanceCents);
    if (query.status && view.status !== query.status) continue;
    items.push({
      ...view,
      purchaserEmail: row.purchaserEmail,
      recipientEmail: row.recipientEmail,
      redemptions: redemptions
        .filter((r) => r.voucherId === row.id)
        .map((r) => ({
          bookingId: r.bookingId,
          reference: bookingReference(r.bookingId),
          amount: r.amountCents,
          at: r.at.toISOString(),
        })),
    });
  }
  const last = rows.at(-1);
  return {
    items,
    nextCursor:
      rows.length === PAGE_SIZE && last
        ? Buffer.from(`${last.createdAt.toISOString()}|${last.id}`).toString('base64url')
        : null,
  };
}
