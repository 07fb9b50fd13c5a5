// Promo codes (docs/payments.md#promo-codes): the back office's list, form and report, the review
// step's check, and the checkout's application of a code under its row's lock. The rules are the
// domain's promo-codes.ts; a refusal is a 400 naming booking.promoCode with the domain's code.
import { eq } from 'drizzle-orm';
import { centsToEuros, eurosToCents, formatMoney } from '@boats/domain/money';
import { percentToBps } from '@boats/domain/fee-split';
import {
  normalizePromoCode,
  promoEmailRefusal,
  promoDiscountCents,
  promoRefusal,
  type PromoRefusal,
  type PromoRules,
} from '@boats/domain/promo-codes';
import type { PromoCheckResponse, PromoCodeInput, PromoCodeWire } from '@boats/domain/schemas/promo-codes';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { boats } from '../../db/schema';
import { badRequest, conflict, notFound, type DomainError } from '../../http/errors';
import type { TokenUser } from '../auth/access-token';
import { scopeOf } from '../owner-scope/owner-scope';
import { holdIsLive } from '../occupancy/live-hold';
import {
  boatsInScopeCount,
  findPromoCode,
  findPromoCodeByCode,
  insertPromoCode,
  listPromoCodes,
  lockPromoCode,
  promoCodeTaken,
  promoUses,
  updatePromoCode,
  type PromoCodeRow,
  type PromoReport,
} from './promo-code-repository';

const PROMO_FIELD = 'booking.promoCode';

const REFUSAL_TEXT: Record<PromoRefusal, (row: PromoCodeRow | undefined) => string> = {
  promoUnknown: () => 'This promo code does not exist.',
  promoNotYetValid: () => 'This promo code is not valid yet.',
  promoExpired: () => 'This promo code has expired.',
  promoNotForBoat: () => 'This promo code is not for this boat.',
  promoBelowMinimum: (row) =>
    `This promo code needs a booking of at least ${formatMoney(row?.minSpendCents ?? 0, 'en')}.`,
  promoUsedUp: () => 'This promo code has been used up.',
  promoEmailUsed: () => 'This promo code has already been used with this e-mail address.',
  promoFirstBookingOnly: () => 'This promo code is for a first booking only.',
};

/** The refusal as the API answers it: 400, the domain's code, the field, and the minimum spend. */
function refused(code: PromoRefusal, row: PromoCodeRow | undefined): DomainError {
  return badRequest(code, REFUSAL_TEXT[code](row), {
    field: PROMO_FIELD,
    ...(code === 'promoBelowMinimum' ? { minSpend: centsToEuros(row?.minSpendCents ?? 0) } : {}),
  });
}

const rulesOf = (row: PromoCodeRow): PromoRules => ({
  kind: row.kind,
  value: row.value,
  active: row.active,
  validFrom: row.validFrom,
  validUntil: row.validUntil,
  boatIds: row.boatIds,
  ownerId: row.ownerId,
  minSpendCents: row.minSpendCents,
  maxUses: row.maxUses,
  maxUsesPerEmail: row.maxUsesPerEmail,
  firstBookingOnly: row.firstBookingOnly,
});

function toWire(row: PromoCodeRow, report: PromoReport): PromoCodeWire {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.kind === 'percent' ? row.value / 100 : centsToEuros(row.value),
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    boatIds: row.boatIds,
    ownerId: row.ownerId,
    minSpend: centsToEuros(row.minSpendCents),
    maxUses: row.maxUses,
    maxUsesPerEmail: row.maxUsesPerEmail,
    firstBookingOnly: row.firstBookingOnly,
    active: row.active,
    report: { sold: report.sold, held: report.held, discount: centsToEuros(report.discountCents) },
  };
}

export async function listCodes(ctx: AppContext, user: TokenUser): Promise<PromoCodeWire[]> {
  const rows = await listPromoCodes(ctx.db, scopeOf(user), ctx.now());
  return rows.map((r) => toWire(r, r.report));
}

/** The form's values as columns; an owner may name only their own boats. */
async function columnsOf(ctx: AppContext, user: TokenUser, input: PromoCodeInput) {
  const scope = scopeOf(user);
  const boatIds = [...new Set(input.boatIds)];
  if ((await boatsInScopeCount(ctx.db, scope, boatIds)) !== boatIds.length) {
    throw badRequest('invalid_boat', 'A promo code can only be for your own boats.', { field: 'boatIds' });
  }
  return {
    code: input.code,
    kind: input.kind,
    value: input.kind === 'percent' ? percentToBps(input.value) : eurosToCents(input.value),
    validFrom: input.validFrom,
    validUntil: input.validUntil,
    boatIds,
    minSpendCents: eurosToCents(input.minSpend),
    maxUses: input.maxUses,
    maxUsesPerEmail: input.maxUsesPerEmail,
    firstBookingOnly: input.firstBookingOnly,
    active: input.active,
  };
}

const codeTaken = () => conflict('code_taken', 'This code is already in use.', { field: 'code' });
const EMPTY_REPORT: PromoReport = { sold: 0, held: 0, discountCents: 0 };

export async function createCode(
  ctx: AppContext,
  user: TokenUser,
  input: PromoCodeInput,
): Promise<PromoCodeWire> {
  const row = await insertPromoCode(ctx.db, {
    ...(await columnsOf(ctx, user, input)),
    // The admin's codes are the platform's; an owner's are for the owner's boats.
    ownerId: user.role === 'admin' ? null : (user.ownerId ?? null),
    createdBy: user.email,
  });
  if (!row) throw codeTaken();
  return toWire(row, EMPTY_REPORT);
}

/** Changes a code; the bookings already sold with it keep their code and discount. */
export async function updateCode(
  ctx: AppContext,
  user: TokenUser,
  id: string,
  input: PromoCodeInput,
): Promise<PromoCodeWire> {
  const scope = scopeOf(user);
  if (!(await findPromoCode(ctx.db, scope, id))) throw notFound('Promo code');
  if (await promoCodeTaken(ctx.db, input.code, id)) throw codeTaken();
  const row = await updatePromoCode(ctx.db, scope, id, await columnsOf(ctx, user, input));
  if (!row) throw notFound('Promo code');
  const report = (await listPromoCodes(ctx.db, scope, ctx.now())).find((r) => r.id === id)?.report;
  return toWire(row, report ?? EMPTY_REPORT);
}

async function ownerOfBoat(db: Db, boatId: string): Promise<string | null | undefined> {
  const [row] = await db.select({ ownerId: boats.ownerId }).from(boats).where(eq(boats.id, boatId));
  return row ? row.ownerId : undefined;
}

/**
 * The review step's Apply: what the code takes off this boat's booking of `subtotalCents`, or the
 * reason it cannot (uses counted now, without a lock; the checkout counts again under it).
 */
export async function checkCode(
  ctx: AppContext,
  boatId: string,
  text: string,
  subtotalCents: number,
): Promise<PromoCheckResponse> {
  const boatOwnerId = await ownerOfBoat(ctx.db, boatId);
  if (boatOwnerId === undefined) throw notFound('Boat');
  const code = normalizePromoCode(text);
  const row = await findPromoCodeByCode(ctx.db, code);
  const now = ctx.now();
  const uses = row ? (await promoUses(ctx.db, row.id, now)).uses : 0;
  const refusal = promoRefusal(row && rulesOf(row), { boatId, boatOwnerId, subtotalCents, now, uses });
  if (refusal || !row) throw refused(refusal ?? 'promoUnknown', row);
  return { code: row.code, kind: row.kind, value: row.value };
}

/** A code applied to a checkout: the row it names, its text and what it takes off. */
export type AppliedPromo = { id: string; code: string; discountCents: number };

type CheckoutPromo = {
  code: string;
  boatId: string;
  boatOwnerId: string | null;
  subtotalCents: number;
};

/** The discount a code would give, before any lock: the checkout's price check uses it. */
export async function previewPromo(ctx: AppContext, p: CheckoutPromo): Promise<AppliedPromo> {
  const row = await findPromoCodeByCode(ctx.db, normalizePromoCode(p.code));
  const { boatId, boatOwnerId, subtotalCents } = p;
  const refusal = promoRefusal(row && rulesOf(row), {
    boatId,
    boatOwnerId,
    subtotalCents,
    now: ctx.now(),
    uses: 0,
  });
  if (refusal || !row) throw refused(refusal ?? 'promoUnknown', row);
  return { id: row.id, code: row.code, discountCents: promoDiscountCents(row, p.subtotalCents) };
}

/**
 * Applies a code inside the checkout's transaction: locks the code's row (after the trip's rows:
 * bookings/lock-order.ts), counts its uses in a fresh statement and refuses when none is left, so
 * of ten checkouts racing for the last use exactly one gets it. The caller inserts the booking
 * carrying the code in the same transaction, before the lock is released. The e-mail's rules are
 * not asked here, even when the checkout names the customer: they are the sale's (promoUseKept),
 * so nothing before the payment answers differently for an address that has booked (issue 53).
 */
export async function applyPromoUnderLock(tx: Db, now: Date, p: CheckoutPromo): Promise<AppliedPromo> {
  const row = await lockPromoCode(tx, { code: normalizePromoCode(p.code) });
  const uses = row ? await promoUses(tx, row.id, now) : { uses: 0 };
  const { boatId, boatOwnerId, subtotalCents } = p;
  const refusal = promoRefusal(row && rulesOf(row), { boatId, boatOwnerId, subtotalCents, now, ...uses });
  if (refusal || !row) throw refused(refusal ?? 'promoUnknown', row);
  return { id: row.id, code: row.code, discountCents: promoDiscountCents(row, p.subtotalCents) };
}

/**
 * Whether a booking sold with a code (its card paid or authorized) keeps it. Under the code's lock,
 * after the trip's and the booking's (bookings/lock-order.ts), this booking not counted:
 * - a hold sold after it lapsed (its card paid late, its seats still free) had its use given back
 *   at the lapse: it keeps the code only if nobody took the last use meanwhile (a live hold never
 *   lost its use);
 * - the e-mail's rules (uses per e-mail, first booking only) are checked here, at the sale, and
 *   nowhere before it (issue 53): a checkout and its contact details are answered alike whether or
 *   not the address has booked, so no visitor can ask which addresses have. A sale they refuse is
 *   refunded in full like a late payment whose code went meanwhile (docs/payments.md#promo-codes).
 */
export async function promoUseKept(
  tx: Db,
  now: Date,
  booking: {
    id: string;
    status: string;
    promoCodeId: string | null;
    holdExpiresAt: Date | null;
    customerEmail: string;
  },
): Promise<boolean> {
  if (!booking.promoCodeId) return true;
  const live = holdIsLive(booking, now);
  const email = booking.customerEmail.trim() || undefined;
  if (live && !email) return true;
  const row = await lockPromoCode(tx, { id: booking.promoCodeId });
  if (!row) return true;
  const counts = await promoUses(tx, row.id, now, { email, except: booking.id });
  if (!live && row.maxUses !== null && counts.uses >= row.maxUses) return false;
  return !(counts.email && promoEmailRefusal(row, counts.email));
}
