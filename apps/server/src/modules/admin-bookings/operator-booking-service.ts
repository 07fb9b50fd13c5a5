// A booking taken by the operator for a walk-in or phone customer (docs/payments.md#operator-taken-bookings),
// or by an agent for its customer (docs/channels.md#agents: any trip or charter on the public site,
// the cash held by the agent and owed net of its commission).
// The same rules and price as the customer's own checkout (planBooking), the same hold under the
// trip's lock, then either the money taken in person (a payments row with its method and who
// took it, and the booking paid at once: tickets and e-mails as for a card payment), or a
// payment link: the booking stays a pending hold for the hours chosen (capped before the trip)
// and the customer is e-mailed a signed link to pay by card (payment-link-service.ts).
import { bookingReference } from '@boats/domain/booking-reference';
import { invoiceNamesRecipient } from '@boats/domain/customer-invoice';
import { commissionBps } from '@boats/domain/fee-split';
import { paymentLinkHold } from '@boats/domain/payment-link';
import { centsToEuros } from '@boats/domain/money';
import { paidSeats } from '@boats/domain/passengers';
import { bookingTripMinimum } from '@boats/domain/trip-state';
import { walkInMinimum, type WalkInMinimumVerdict } from '@boats/domain/walk-in-minimum';
import type { OperatorBookingRequest, OperatorBookingResponse } from '@boats/domain/schemas/operator-booking';
import { isUuid } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import { conflict, DomainError, invalidField, notFound } from '../../http/errors';
import { recordAgentCashPayment, recordInPersonPayment } from '../payments/ledger';
import { resellerNetCents } from '@boats/domain/octo';
import { agentBookings } from '../agents/schema';
import type { AgentBookingRequest } from '@boats/domain/schemas/agents';
import type { TokenUser } from '../auth/access-token';
import { EVERY_OWNER, scopeOf, type OwnerScope } from '../owner-scope/owner-scope';
import { findCheckoutTarget, findSlotBoatId } from '../bookings/booking-repository';
import { assertSeatsFit, claimCharterSlots, liveHoldsUnderLock, lockSlot } from '../bookings/capacity';
import { planBooking, type Plan } from '../checkout/checkout-service';
import { createBooking, transition } from '../bookings/lifecycle';
import { emitEvent } from '../events/domain-events';
import { setMinimumWaived } from '../trips/trips-repository';
import { noteAudit } from '../audit/audit-trail';

const HOUR_MS = 3_600_000;
/** The money is recorded in the same transaction as the hold: the hold never outlives it. */
const IN_PERSON_HOLD_MS = 5 * 60_000;

/** Checkout's field names (booking.*) as the operator's form names them. */
const FORM_FIELDS: Record<string, string> = {
  'booking.tickets': 'body.passengers.adults',
  'booking.tickets.adults': 'body.passengers.adults',
  'booking.tickets.kidsFree': 'body.passengers.kidsFree',
  'booking.durationHours': 'body.durationHours',
};

/** Who sells: a staff member of the boat's owner, or an agent (its name and commission now). */
type Seller = { user: TokenUser; agent?: { name: string; commissionBps: number } };

async function planFor(ctx: AppContext, seller: Seller, slotId: string, req: OperatorBookingRequest) {
  // An agent sells any trip a customer could book on the site; staff their owner's boats.
  const scope: OwnerScope = seller.agent ? EVERY_OWNER : scopeOf(seller.user);
  const boatId = isUuid(slotId) ? await findSlotBoatId(ctx.db, scope, slotId) : undefined;
  const target = boatId ? await findCheckoutTarget(ctx.db, boatId, slotId, ctx.now()) : undefined;
  if (!target?.slot || target.boat.archivedAt) throw notFound('Trip');
  if (seller.agent && !target.onPublicSite) throw notFound('Trip');
  if (target.slot.canceledAt) throw conflict('trip_canceled', 'This trip was canceled.');
  const belowMinimum = seller.agent
    ? ({ kind: 'sold' } as const)
    : walkInVerdict(ctx, seller.user, target, target.slot, req);
  if (belowMinimum.kind === 'refused') throw belowMinimumRefusal(belowMinimum);
  // Sold below the minimum: the checkout's rules see the trip as waived, as the sale makes it.
  const slot = belowMinimum.kind === 'belowMinimum' ? { ...target.slot, minimumWaived: true } : target.slot;
  try {
    const plan = await planBooking(
      ctx,
      { boat: target.boat, slot, heldSeats: target.heldSeats, paidSeatsSold: target.paidSeatsSold },
      {
        mode: slot.type,
        tickets: req.passengers,
        durationHours:
          slot.type === 'shared'
            ? (slot.endsAt.getTime() - slot.startsAt.getTime()) / HOUR_MS
            : (req.durationHours ?? 0),
      },
    );
    return { boat: target.boat, slot, plan, ownerCommissionBps: target.ownerCommissionBps, belowMinimum };
  } catch (err) {
    const field = err instanceof DomainError ? err.details?.field : undefined;
    const path = typeof field === 'string' ? FORM_FIELDS[field] : undefined;
    if (!(err instanceof DomainError) || !path) throw err;
    throw new DomainError(err.statusCode, err.code, err.message, undefined, [{ path, message: err.message }]);
  }
}

type CheckoutTarget = NonNullable<Awaited<ReturnType<typeof findCheckoutTarget>>>;

/** How a staff member's walk-in meets the trip's minimum (docs/back-office.md#walk-ins-below-the-minimum). */
function walkInVerdict(
  ctx: AppContext,
  staff: TokenUser,
  target: CheckoutTarget,
  slot: NonNullable<CheckoutTarget['slot']>,
  req: OperatorBookingRequest,
): WalkInMinimumVerdict {
  const seller =
    staff.role === 'admin' || staff.role === 'owner' || staff.role === 'crew' ? staff.role : null;
  if (slot.type !== 'shared' || !seller) return { kind: 'sold' };
  const { boat } = target;
  return walkInMinimum(
    {
      minimum: bookingTripMinimum({
        type: 'shared',
        startsAt: slot.startsAt,
        scheduledAt: slot.scheduledAt,
        minSeatsToDepart: boat.sharedMinSeatsToDepart,
        minimumWaived: slot.minimumWaived,
        cutoffHours: boat.cutoffHours,
        paidSeats: target.paidSeatsSold,
      }),
      walkInPaidSeats: paidSeats(req.passengers),
      seller,
      crewMaySellBelowMinimum: target.crewMaySellBelowMinimum,
      platformBoat: target.platformBoat,
    },
    ctx.now(),
  );
}

function belowMinimumRefusal(v: Extract<WalkInMinimumVerdict, { kind: 'refused' }>): DomainError {
  const who =
    v.allowedBy === 'admin'
      ? "the admin allows it for the platform's crew"
      : "the boat's owner allows it on their crew accounts page";
  return conflict(
    'below_minimum',
    `This trip runs from ${v.seats} paid seats (adults and children 6–12) and would still need ${v.missing}: crew may sell below the minimum only when ${who} ("Crew may sell walk-ins below the trip's minimum"), or when an admin waives the minimum for this trip.`,
    { reason: v.allowedBy, seats: v.seats, missing: v.missing },
  );
}

export function bookForCustomer(
  ctx: AppContext,
  slotId: string,
  req: OperatorBookingRequest,
  staff: TokenUser,
): Promise<OperatorBookingResponse> {
  return sell(ctx, slotId, req, { user: staff });
}

/**
 * An agent's sale: seats on a shared trip or a charter of the public site, for cash (the agent keeps its
 * commission and owes the net: a payments row of method agent_cash) or a card payment link (no
 * commission: docs/channels.md#agents); its agent_bookings row says who sold it.
 */
export function bookForAgentCustomer(
  ctx: AppContext,
  slotId: string,
  req: AgentBookingRequest,
  agent: TokenUser,
  terms: { name: string; commissionBps: number },
): Promise<OperatorBookingResponse> {
  return sell(ctx, slotId, req, { user: agent, agent: terms });
}

async function sell(
  ctx: AppContext,
  slotId: string,
  req: OperatorBookingRequest,
  seller: Seller,
): Promise<OperatorBookingResponse> {
  const staff = seller.user;
  const { boat, slot, plan, ownerCommissionBps, belowMinimum } = await planFor(ctx, seller, slotId, req);
  // Above the simplified-invoice limit the customer's invoice names them and their address, as at
  // the site's checkout (docs/invoicing.md#customers-invoices-in-the-owners-name): asked before
  // anything is held or numbered.
  if (invoiceNamesRecipient(plan.amountCents) && !req.customer.address) {
    throw invalidField('body.customer.address', 'address_required', 'validation.customerInvoiceAddress');
  }
  const waives = belowMinimum.kind === 'belowMinimum';
  const now = ctx.now();
  const link = req.payment.method === 'link' ? linkHold(now, plan.start, req.payment.holdHours ?? 0) : null;
  const holdExpiresAt = link?.expiresAt ?? new Date(now.getTime() + IN_PERSON_HOLD_MS);
  const actor = { actor: staff.email, actorUserId: staff.id };
  const method = req.payment.method;

  const booking = await ctx.db.transaction(async (tx) => {
    // Lock order: the trip, then the new booking, then its ledger row.
    if (slot.type === 'shared') {
      const locked = await lockSlot(tx, slot.id);
      if (!locked || locked.canceledAt) throw conflict('slot_gone', 'This trip no longer exists.');
      const held = await liveHoldsUnderLock(tx, { clientIp: '', slotId: locked.id, now });
      assertSeatsFit(locked, plan.seats, held.seatsHeld);
      if (waives && !locked.minimumWaived) {
        // The trip sails below its minimum: waived as the admin's waiver does, so the cutoff
        // job leaves it alone; the call's audit row says by whom and under which permission.
        await setMinimumWaived(tx, scopeOf(staff), slot.id, true, now);
        noteAudit({
          slotId: slot.id,
          changes: {
            minimumWaived: { before: false, after: true },
            minimumWaivedUnder: { before: null, after: waivedUnder(staff) },
          },
        });
      }
    }
    const row = await createBooking(
      ctx,
      tx,
      bookingValues(
        ctx,
        { boatId: boat.id, slotId: slot.id, type: slot.type, ownerCommissionBps },
        plan,
        req,
        holdExpiresAt,
        staff.id,
      ),
      link
        ? {
            ...actor,
            code: 'payment_link_sent',
            params: {
              hours: req.payment.holdHours ?? 0,
              until: link.expiresAt.toISOString(),
              capped: link.capped ? 1 : 0,
            },
          }
        : seller.agent
          ? { ...actor, code: 'agent_booked', params: { agent: seller.agent.name } }
          : {
              ...actor,
              code: 'operator_booked',
              params: waives ? { method, belowMinimum: belowMinimum.seats } : { method },
            },
    );
    if (seller.agent) {
      await tx.insert(agentBookings).values({
        bookingId: row.id,
        agentUserId: staff.id,
        // A link's card money reaches the operator whole: the agent earns on its cash sales.
        commissionBps: method === 'cash' ? seller.agent.commissionBps : 0,
        payment: method === 'cash' ? 'cash' : 'link',
        createdAt: now,
      });
    }
    if (slot.type === 'private') await claimCharterSlots(tx, row.id, plan.chain, now);
    if (method === 'link') {
      await emitEvent(tx, {
        kind: 'booking.payment_link_sent',
        bookingId: row.id,
        payload: { resent: false },
      });
      return row;
    }
    if (seller.agent) {
      // The agent keeps its commission from the cash and owes the net, as a reseller does.
      await recordAgentCashPayment(tx, {
        bookingId: row.id,
        amountCents: resellerNetCents(plan.amountCents, seller.agent.commissionBps),
        agentEmail: staff.email,
        at: now,
      });
    } else {
      await recordInPersonPayment(tx, {
        bookingId: row.id,
        method,
        amountCents: plan.amountCents,
        recordedBy: staff.email,
        at: now,
      });
    }
    return transition(ctx, tx, row, 'paid', {
      ...actor,
      code: 'payment_recorded',
      params: { method: seller.agent ? 'agent_cash' : method },
    });
  });

  return {
    bookingId: booking.id,
    ref: bookingReference(booking.id),
    status: booking.status === 'paid' ? 'paid' : 'pending',
    amount: centsToEuros(plan.amountCents),
    method,
    ...(link ? { holdExpiresAt: link.expiresAt.toISOString(), holdCapped: link.capped } : {}),
  };
}

/** Whose word let the trip sail below its minimum: the crew's owner's permission, or the seller's own. */
const waivedUnder = (staff: TokenUser) => (staff.role === 'crew' ? 'owner_permission' : staff.role);

/** The link's hold: the hours chosen, capped before the trip; refused when too close to it. */
function linkHold(now: Date, start: Date, hours: number) {
  const hold = paymentLinkHold(now, start, hours);
  if (!hold.ok) {
    throw conflict(
      'link_too_late',
      'This trip leaves too soon for a payment link: take the payment in person.',
    );
  }
  return hold;
}

function bookingValues(
  ctx: AppContext,
  {
    boatId,
    slotId,
    type,
    ownerCommissionBps,
  }: { boatId: string; slotId: string; type: 'private' | 'shared'; ownerCommissionBps: number | null },
  plan: Plan,
  req: OperatorBookingRequest,
  holdExpiresAt: Date,
  soldByUserId: string,
) {
  return {
    boatId,
    slotId,
    type,
    startsAt: plan.start,
    endsAt: plan.end,
    status: 'pending' as const,
    holdExpiresAt,
    seats: plan.seats,
    adults: plan.passengers.adults,
    children50: plan.passengers.children50,
    kidsFree: plan.passengers.kidsFree,
    customerName: req.customer.name,
    customerEmail: req.customer.email ?? '',
    customerPhone: req.customer.phone ?? '',
    customerAddress: req.customer.address ?? '',
    language: req.language,
    amountGrossCents: plan.amountCents,
    priceBreakdown: plan.price.breakdown,
    extras: plan.extras,
    provider: ctx.payments.name,
    // Not a visitor's checkout: no address whose holds are limited.
    clientIp: null,
    // The owner's rate when the booking is sold, as at the site's checkout.
    commissionBps: commissionBps(ownerCommissionBps, ctx.config.PLATFORM_FEE_PERCENT),
    // Who took it: its channel (walk-in for crew, operator otherwise; bookings/channel.ts).
    soldByUserId,
  };
}
