// The invariants of the booking lifecycle and the ledger, checked against what the provider
// (the sandbox's own table) says. Each answers a list of human-readable violations; empty = holds.
import { canTransition, isBookingStatus, OCCUPYING_STATUSES } from '@boats/domain/booking-status';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { paymentHoldsSql } from '../../src/modules/payments/ledger';

/** The ids as a SQL list for `in (…)`. */
function uuidList(ids: string[]) {
  return sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
}

/** The bookings that keep their seats from others: sold, or a request awaiting its owner. */
const OCCUPYING = sql.raw(`(${OCCUPYING_STATUSES.map((status) => `'${status}'`).join(', ')})`);

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Every succeeded payment (at the provider) is on a paid, confirmed or completed booking, on a
 * booking the operator canceled after it was paid (their refund decision), or refunded in full.
 * No refund exceeds what was received, and the ledger agrees with the provider. The provider
 * knows only the card: a gift voucher's payments and refunds are checked by voucherViolations,
 * and the platform's cover of a move to another owner's dearer trip is nobody's charge.
 */
export async function moneyViolations(db: Db, bookingIds: string[]): Promise<string[]> {
  if (bookingIds.length === 0) return [];
  const list = uuidList(bookingIds);
  // What the provider charged and refunded for the booking: its checkout's intent, and any other
  // intent whose payment the ledger puts on it (a dearer change of date's difference).
  const found = await rows<{
    id: string;
    status: string;
    paid_at: string | null;
    charged: number;
    provider_refunded: number;
    received: number;
    refunded: number;
    pending_refunds: number;
  }>(
    db,
    sql`select b.id, b.status, b.paid_at,
          (select coalesce(sum(i.amount_cents) filter (where i.status = 'succeeded'), 0)::int
            from sandbox_payment_intents i where i.id = b.provider_payment_id
              or i.id in (select p.provider_id from payments p where p.booking_id = b.id)) as charged,
          (select coalesce(sum(i.amount_refunded_cents), 0)::int
            from sandbox_payment_intents i where i.id = b.provider_payment_id
              or i.id in (select p.provider_id from payments p where p.booking_id = b.id)) as provider_refunded,
          (select coalesce(sum(p.amount_cents), 0)::int from payments p where p.booking_id = b.id and p.status = 'succeeded'
            and p.method not in ('voucher', 'platform')) as received,
          (select coalesce(sum(r.amount_cents), 0)::int from refunds r join payments p on p.id = r.payment_id
            where r.booking_id = b.id and r.status = 'succeeded' and p.method not in ('voucher', 'platform')) as refunded,
          (select coalesce(sum(r.amount_cents), 0)::int from refunds r join payments p on p.id = r.payment_id
            where r.booking_id = b.id and r.status = 'pending' and p.method not in ('voucher', 'platform')) as pending_refunds
        from bookings b
        where b.id in (${list})`,
  );
  const problems: string[] = [];
  for (const b of found) {
    const charged = b.charged;
    const providerRefunded = b.provider_refunded;
    const live = ['paid', 'confirmed', 'completed'].includes(b.status);
    const operatorKept = (b.status === 'canceled' || b.status === 'refunded') && b.paid_at !== null;
    if (charged > 0 && !live && !operatorKept && providerRefunded < charged) {
      problems.push(
        `${b.id} (${b.status}): charged ${charged}, refunded ${providerRefunded}, no live booking`,
      );
    }
    if (providerRefunded > charged)
      problems.push(`${b.id}: provider refunded ${providerRefunded} of ${charged}`);
    if (b.received !== charged)
      problems.push(`${b.id}: ledger received ${b.received}, provider charged ${charged}`);
    if (b.refunded + b.pending_refunds > b.received) {
      problems.push(
        `${b.id}: ledger refunds ${b.refunded}+${b.pending_refunds} exceed received ${b.received}`,
      );
    }
    if (b.pending_refunds === 0 && b.refunded !== providerRefunded) {
      problems.push(`${b.id}: ledger refunded ${b.refunded}, provider refunded ${providerRefunded}`);
    }
    if (b.status === 'refunded' && b.refunded < b.received) {
      problems.push(`${b.id}: status refunded with ${b.received - b.refunded} still held`);
    }
  }
  return problems;
}

/**
 * No live booking is worth more than the money it keeps: its price (after a weather move, the
 * price on the new trip) is at most what was received less what was refunded or is being
 * refunded, but for what was given back as a goodwill gesture (docs/payments.md#goodwill-refunds),
 * which the booking is worth without keeping. A dearer move accepted for free (issue 23.1)
 * breaks it.
 */
export async function worthViolations(db: Db, bookingIds: string[]): Promise<string[]> {
  if (bookingIds.length === 0) return [];
  const found = await rows<{ id: string; status: string; worth: number; kept: number }>(
    db,
    sql`select b.id, b.status, b.amount_gross_cents as worth,
          ((select coalesce(sum(p.amount_cents), 0) from payments p where p.booking_id = b.id and p.status = 'succeeded')
          - (select coalesce(sum(r.amount_cents), 0) from refunds r where r.booking_id = b.id and r.status in ('succeeded', 'pending')
              and r.cause <> 'goodwill'))::int as kept
        from bookings b
        where b.id in (${uuidList(bookingIds)}) and b.status in ('paid', 'confirmed', 'completed')`,
  );
  return found
    .filter((b) => b.worth > b.kept)
    .map((b) => `${b.id} (${b.status}): worth ${b.worth}, keeps ${b.kept}`);
}

/**
 * The platform's cover of a move to another owner's dearer trip (docs/payments.md#another-owners-boat)
 * is never the customer's: no refund of it goes to a customer (only its return to the platform,
 * cause 'platform_cover'), a booking refunded in full holds none of it, and a live booking holds
 * no more of it than it is worth.
 */
export async function coverViolations(db: Db, bookingIds: string[]): Promise<string[]> {
  if (bookingIds.length === 0) return [];
  const found = await rows<{ id: string; status: string; worth: number; held: number; to_customer: number }>(
    db,
    sql`select b.id, b.status, b.amount_gross_cents as worth,
          coalesce((select sum(${paymentHoldsSql(sql.raw('p'))}) from payments p
            where p.booking_id = b.id and p.method = 'platform' and p.status = 'succeeded'), 0)::int as held,
          (select count(*) from refunds r join payments p on p.id = r.payment_id
            where r.booking_id = b.id and p.method = 'platform' and r.cause <> 'platform_cover')::int as to_customer
        from bookings b where b.id in (${uuidList(bookingIds)})`,
  );
  const problems: string[] = [];
  for (const b of found) {
    if (b.to_customer > 0) problems.push(`${b.id}: the platform's cover refunded to the customer`);
    if (b.status === 'refunded' && b.held !== 0)
      problems.push(`${b.id}: refunded, cover ${b.held} still held`);
    if (b.held > b.worth) problems.push(`${b.id} (${b.status}): cover ${b.held} above its worth ${b.worth}`);
  }
  return problems;
}

/**
 * Seats taken on each shared slot equal the seats of its paid, confirmed and completed bookings
 * and of its requests awaiting their owner (which hold their seats until decided).
 */
export async function seatViolations(db: Db, slotIds: string[]): Promise<string[]> {
  if (slotIds.length === 0) return [];
  const list = uuidList(slotIds);
  const found = await rows<{ id: string; seats_taken: number; sold: number }>(
    db,
    sql`select s.id, s.seats_taken,
          (select coalesce(sum(b.seats), 0)::int from bookings b where b.slot_id = s.id
            and b.status in ${OCCUPYING}) as sold
        from slots s where s.id in (${list}) and s.type = 'shared'`,
  );
  return found
    .filter((s) => s.seats_taken !== s.sold)
    .map((s) => `slot ${s.id}: seats_taken ${s.seats_taken}, sold ${s.sold}`);
}

/**
 * No booking is sold, or awaits its owner's answer, on a canceled trip: whoever paid for it was
 * canceled, moved or refunded, and each request on it was canceled with it.
 */
export async function canceledTripViolations(db: Db, slotIds: string[]): Promise<string[]> {
  if (slotIds.length === 0) return [];
  const list = uuidList(slotIds);
  const found = await rows<{ id: string; status: string; slot_id: string }>(
    db,
    sql`select b.id, b.status, b.slot_id from bookings b join slots s on s.id = b.slot_id
        where s.id in (${list}) and s.canceled_at is not null
          and b.status in ${OCCUPYING}`,
  );
  return found.map((b) => `${b.id} (${b.status}) still holds seats on the canceled trip ${b.slot_id}`);
}

/**
 * Request-to-book (docs/payments.md#request-to-book): a request declined, lapsed or refused at
 * capture was never charged, at the provider or in the ledger; a request still awaiting its owner
 * has its card authorized, never charged. (One canceled with its trip while an accept was
 * capturing may have been charged: then moneyViolations requires it refunded in full.)
 */
export async function requestViolations(db: Db, bookingIds: string[]): Promise<string[]> {
  if (bookingIds.length === 0) return [];
  const found = await rows<{
    id: string;
    status: string;
    intent_status: string | null;
    received: number;
    refused: string | null;
    voucher_only: boolean;
  }>(
    db,
    sql`select b.id, b.status, i.status as intent_status,
          (b.provider_payment_id is null and (select coalesce(sum(p.amount_cents), 0) from payments p
            where p.booking_id = b.id and p.method = 'voucher' and p.status = 'requires_capture') = b.amount_gross_cents) as voucher_only,
          (select coalesce(sum(p.amount_cents), 0)::int from payments p where p.booking_id = b.id and p.status = 'succeeded') as received,
          (select h.code from booking_history h where h.booking_id = b.id and h.from_status = 'requested'
            and h.to_status = 'canceled' and h.code in ('request_declined', 'request_expired', 'capture_failed')
            limit 1) as refused
        from bookings b left join sandbox_payment_intents i on i.id = b.provider_payment_id
        where b.id in (${uuidList(bookingIds)})`,
  );
  const problems: string[] = [];
  for (const b of found) {
    if (b.refused && (b.intent_status === 'succeeded' || b.received > 0)) {
      problems.push(`${b.id} (${b.refused}): captured ${b.received} (provider: ${b.intent_status})`);
    }
    // A request a gift voucher pays in full has no card: its voucher part is held instead.
    const authorized = b.intent_status === 'requires_capture' || b.voucher_only;
    if (b.status === 'requested' && (!authorized || b.received > 0)) {
      problems.push(`${b.id} awaits its owner with its card ${b.intent_status}, ${b.received} received`);
    }
  }
  return problems;
}

/** Active charter claims belong exactly to sold bookings and pending ones (live or not yet swept). */
export async function charterViolations(db: Db, bookingIds: string[]): Promise<string[]> {
  if (bookingIds.length === 0) return [];
  const list = uuidList(bookingIds);
  const found = await rows<{ id: string; status: string; active: number; claims: number }>(
    db,
    sql`select b.id, b.status,
          (select count(*)::int from booking_slots bs where bs.booking_id = b.id and bs.active) as active,
          (select count(*)::int from booking_slots bs where bs.booking_id = b.id) as claims
        from bookings b where b.id in (${list}) and b.type = 'private'`,
  );
  const problems: string[] = [];
  for (const b of found) {
    const sold = ['paid', 'confirmed', 'completed'].includes(b.status);
    if (sold && b.active !== b.claims)
      problems.push(`${b.id} (${b.status}): ${b.active}/${b.claims} hours held`);
    if ((b.status === 'canceled' || b.status === 'refunded') && b.active > 0) {
      problems.push(`${b.id} (${b.status}) still holds ${b.active} hours`);
    }
  }
  return problems;
}

/**
 * The charter hours `slotIds` are claimed by live bookings only (sold, or a request awaiting its
 * owner), none on a canceled hour, none twice; and each live charter of `bookingIds` claims exactly
 * its own hours: its boat's, from its start to its end, one each. So the hours claimed are those
 * of the live bookings, after a move too (the old boat's given back, the new one's taken).
 */
export async function charterHourViolations(
  db: Db,
  slotIds: string[],
  bookingIds: string[],
): Promise<string[]> {
  if (slotIds.length === 0) return [];
  const claims = await rows<{ slot_id: string; booking_id: string; status: string; canceled: boolean }>(
    db,
    sql`select bs.slot_id, bs.booking_id, b.status, s.canceled_at is not null as canceled
        from booking_slots bs join bookings b on b.id = bs.booking_id join slots s on s.id = bs.slot_id
        where bs.active and bs.slot_id in (${uuidList(slotIds)})`,
  );
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const c of claims) {
    if (seen.has(c.slot_id)) problems.push(`hour ${c.slot_id} claimed twice`);
    seen.add(c.slot_id);
    if (!(OCCUPYING_STATUSES as readonly string[]).includes(c.status))
      problems.push(`hour ${c.slot_id} still claimed by ${c.booking_id} (${c.status})`);
    if (c.canceled) problems.push(`canceled hour ${c.slot_id} claimed by ${c.booking_id} (${c.status})`);
  }
  if (bookingIds.length === 0) return problems;
  const live = await rows<{
    id: string;
    status: string;
    hours: number;
    claimed: number;
    elsewhere: number;
    first: string | null;
    last: string | null;
    starts_at: string;
    ends_at: string;
  }>(
    db,
    sql`select b.id, b.status, b.starts_at, b.ends_at,
          round(extract(epoch from b.ends_at - b.starts_at) / 3600)::int as hours,
          count(s.id)::int as claimed,
          count(s.id) filter (where s.boat_id <> b.boat_id)::int as elsewhere,
          min(s.starts_at) as first, max(s.ends_at) as last
        from bookings b
        left join booking_slots bs on bs.booking_id = b.id and bs.active
        left join slots s on s.id = bs.slot_id
        where b.id in (${uuidList(bookingIds)}) and b.type = 'private' and b.status in ${OCCUPYING}
        group by b.id`,
  );
  for (const b of live) {
    const span = (at: string | null) => (at === null ? null : new Date(at).getTime());
    if (
      b.claimed !== b.hours ||
      b.elsewhere > 0 ||
      span(b.first) !== span(b.starts_at) ||
      span(b.last) !== span(b.ends_at)
    ) {
      problems.push(
        `${b.id} (${b.status}): ${b.hours} hours from ${b.starts_at}, claims ${b.claimed} (${b.elsewhere} of another boat) from ${b.first} to ${b.last}`,
      );
    }
  }
  return problems;
}

/**
 * The lifecycle's move (lifecycle.moveToTrip), the one step outside the status table: a booking of
 * a trip canceled for the weather is paid again with the same payment; a paid or confirmed booking
 * its customer reschedules stays as it is.
 */
function isTripMove(step: { from_status: string | null; to_status: string; code: string }): boolean {
  if (step.code === 'rescheduled')
    return (
      step.from_status === step.to_status && (step.to_status === 'paid' || step.to_status === 'confirmed')
    );
  return step.from_status === 'canceled' && step.to_status === 'paid' && step.code === 'trip_moved';
}

/** Each booking's history starts at pending, chains from → to, follows the table, ends at its status. */
export async function historyViolations(db: Db, bookingIds: string[]): Promise<string[]> {
  if (bookingIds.length === 0) return [];
  const list = uuidList(bookingIds);
  const entries = await rows<{
    booking_id: string;
    from_status: string | null;
    to_status: string;
    code: string;
    status: string;
  }>(
    db,
    sql`select h.booking_id, h.from_status, h.to_status, h.code, b.status from booking_history h
        join bookings b on b.id = h.booking_id where h.booking_id in (${list}) order by h.booking_id, h.id`,
  );
  const problems: string[] = [];
  const byBooking = new Map<string, typeof entries>();
  for (const e of entries) byBooking.set(e.booking_id, [...(byBooking.get(e.booking_id) ?? []), e]);
  for (const [id, steps] of byBooking) {
    let current: string | null = null;
    for (const step of steps) {
      const ok =
        step.from_status === current &&
        isBookingStatus(step.to_status) &&
        (current === null
          ? step.to_status === 'pending'
          : (isBookingStatus(current) && canTransition(current, step.to_status)) || isTripMove(step));
      if (!ok) problems.push(`${id}: ${step.from_status} → ${step.to_status} after ${current}`);
      current = step.to_status;
    }
    if (current !== steps[0]?.status)
      problems.push(`${id}: history ends at ${current}, booking is ${steps[0]?.status}`);
  }
  return problems;
}

/**
 * Promo codes (docs/payments.md#promo-codes): no code is held by more sold bookings (or requests
 * awaiting their owner) than its maximum of uses, read after the run's holds lapsed, and a booking sold with a code was charged its price less its discount
 * (amount + discount = the trip's breakdown plus its extras, a change of date's fee among them). A
 * booking moved off a weather-canceled trip is priced anew without its code: its discount is then 0;
 * one its customer rescheduled keeps the amount of its discount.
 */
export async function promoViolations(db: Db, bookingIds: string[]): Promise<string[]> {
  if (bookingIds.length === 0) return [];
  const list = uuidList(bookingIds);
  const over = await rows<{ code: string; uses: number; max_uses: number }>(
    db,
    sql`select c.code, count(b.id)::int as uses, c.max_uses from promo_codes c
          join bookings b on b.promo_code_id = c.id
        where b.id in (${list}) and c.max_uses is not null
          and (b.paid_at is not null or b.status in ('requested', 'paid', 'confirmed', 'completed'))
        group by c.id having count(b.id) > c.max_uses`,
  );
  const priced = await rows<{ id: string; amount: number; discount: number; price: number }>(
    db,
    sql`select b.id, b.amount_gross_cents as amount, b.discount_cents as discount,
          round((b.price_breakdown->>'total')::numeric * 100)::int
            + coalesce((select sum((e->>'totalCents')::int) from jsonb_array_elements(b.extras) e), 0)::int as price
        from bookings b
        where b.id in (${list}) and b.promo_code_id is not null`,
  );
  return [
    ...over.map((c) => `promo ${c.code}: ${c.uses} uses of ${c.max_uses}`),
    ...priced
      .filter((b) => b.amount + b.discount !== b.price || b.discount < 0)
      .map((b) => `${b.id}: charged ${b.amount} + discount ${b.discount} ≠ price ${b.price}`),
  ];
}

/**
 * Gift vouchers (docs/payments.md#gift-vouchers): a voucher's balance (derived: amount − what
 * its redemptions still hold, by the ledger's rule) stays within 0 and its amount; a booking's voucher part is held only by
 * a hold or a request, spent only by a booking that was sold, and given back (canceled) only by
 * one never sold; every voucher cent spent on a booking that is no longer live (and not kept by
 * the operator's decision) is back on the voucher; no refund gives back more than the voucher
 * paid. With moneyViolations (the card's side): every cent is on a live booking, refunded, or
 * on a voucher's balance.
 */
export async function voucherViolations(
  db: Db,
  voucherIds: string[],
  bookingIds: string[],
): Promise<string[]> {
  const problems: string[] = [];
  if (voucherIds.length > 0) {
    const balances = await rows<{ code: string; amount: number; balance: number }>(
      db,
      sql`select v.code, v.amount_cents as amount,
            (v.amount_cents
              - coalesce((select sum(${paymentHoldsSql(sql.raw('p'))}) from payments p where p.gift_voucher_id = v.id
                  and p.method = 'voucher' and p.status in ('requires_capture', 'succeeded')), 0))::int as balance
          from gift_vouchers v where v.id in (${uuidList(voucherIds)})`,
    );
    for (const v of balances) {
      if (v.balance < 0 || v.balance > v.amount)
        problems.push(`voucher ${v.code}: balance ${v.balance} of ${v.amount}`);
    }
  }
  if (bookingIds.length === 0) return problems;
  const parts = await rows<{
    id: string;
    booking: string;
    status: string;
    booking_status: string;
    paid_at: string | null;
    amount: number;
    given_back: number;
    pending_back: number;
  }>(
    db,
    sql`select p.id, b.id as booking, p.status, b.status as booking_status, b.paid_at, p.amount_cents as amount,
          (select coalesce(sum(r.amount_cents), 0)::int from refunds r where r.payment_id = p.id and r.status = 'succeeded') as given_back,
          (select coalesce(sum(r.amount_cents), 0)::int from refunds r where r.payment_id = p.id and r.status = 'pending') as pending_back
        from payments p join bookings b on b.id = p.booking_id
        where p.method = 'voucher' and b.id in (${uuidList(bookingIds)})`,
  );
  for (const p of parts) {
    const sold = p.paid_at !== null;
    const live = ['paid', 'confirmed', 'completed'].includes(p.booking_status);
    const operatorKept = (p.booking_status === 'canceled' || p.booking_status === 'refunded') && sold;
    if (p.status === 'requires_capture' && !['pending', 'requested'].includes(p.booking_status)) {
      problems.push(`${p.booking} (${p.booking_status}): voucher part still held`);
    }
    if (p.status === 'succeeded' && !sold)
      problems.push(`${p.booking} (${p.booking_status}): voucher spent, never sold`);
    if (p.status === 'canceled' && sold)
      problems.push(`${p.booking} (${p.booking_status}): sold, voucher part given back`);
    if (p.given_back + p.pending_back > p.amount) {
      problems.push(`${p.booking}: voucher refunds ${p.given_back}+${p.pending_back} exceed ${p.amount}`);
    }
    if (p.status === 'succeeded' && !live && !operatorKept && p.given_back < p.amount) {
      problems.push(
        `${p.booking} (${p.booking_status}): ${p.amount - p.given_back} of the voucher's cents on no live booking`,
      );
    }
    if (p.booking_status === 'refunded' && p.status === 'succeeded' && p.given_back < p.amount) {
      problems.push(`${p.booking}: refunded with ${p.amount - p.given_back} voucher cents still held`);
    }
  }
  return problems;
}
