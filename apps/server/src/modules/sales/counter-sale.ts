// A sale across the counter: the operator's for a walk-in or phone customer
// (docs/payments.md#operator-taken-bookings), or an agent's for its customer
// (docs/channels.md#agents: any trip or charter on the public site, the cash held by the agent
// and owed net of its commission). The same plan and hold as the site's checkout (plan.ts,
// sell.ts), then either the money taken in person (a payments row with its method and who took
// it, and the booking sold at once: tickets and e-mails as for a card payment), or a payment
// link: the booking stays a pending hold for the hours chosen (capped before the trip) and the
// customer is e-mailed a signed link to pay by card (payment-link-service.ts).
import { bookingReference } from '@boats/domain/booking-reference';
import { invoiceNamesRecipient } from '@boats/domain/customer-invoice';
import { commissionBps } from '@boats/domain/fee-split';
import { centsToEuros } from '@boats/domain/money';
import { paidSeats } from '@boats/domain/passengers';
import { bookingTripMinimum } from '@boats/domain/trip-state';
import { walkInMinimum, type WalkInMinimumVerdict } from '@boats/domain/walk-in-minimum';
import type { OperatorBookingRequest, OperatorBookingResponse } from '@boats/domain/schemas/operator-booking';
import { isUuid } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { conflict, DomainError, invalidField, notFound } from '../../http/errors';
import type { AgentBookingRequest } from '@boats/domain/schemas/agents';
import type { TokenUser } from '../auth/access-token';
import { EVERY_OWNER, scopeOf, type OwnerScope } from '../owner-scope/owner-scope';
import { findCheckoutTarget, findSlotBoatId, type BookingRow } from '../bookings/booking-repository';
import { planBooking } from './plan';
import { sell } from './sell';
import type { TransitionInput } from '../bookings/lifecycle';
import { emitEvent } from '../events/domain-events';
import { setMinimumWaived } from '../trips/trips-repository';
import { noteAudit } from '../audit/audit-trail';

const HOUR_MS = 3_600_000;

/** Checkout's field names (booking.*) as the operator's form names them. */
const FORM_FIELDS: Record<string, string> = {
  'booking.tickets': 'body.passengers.adults',
  'booking.tickets.adults': 'body.passengers.adults',
  'booking.tickets.kidsFree': 'body.passengers.kidsFree',
  'booking.durationHours': 'body.durationHours',
};

/** An agent's terms now, and its own record of the sale (agents/). */
export type AgentTerms = {
  name: string;
  commissionBps: number;
  record: (tx: Db, booking: BookingRow, payment: 'cash' | 'link') => Promise<void>;
};

/** Who sells: a staff member of the boat's owner, or an agent. */
type Seller = { user: TokenUser; agent?: AgentTerms };

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
    return { slot, plan, ownerCommissionBps: target.ownerCommissionBps, belowMinimum };
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
  return sellFor(ctx, slotId, req, { user: staff });
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
  terms: AgentTerms,
): Promise<OperatorBookingResponse> {
  return sellFor(ctx, slotId, req, { user: agent, agent: terms });
}

async function sellFor(
  ctx: AppContext,
  slotId: string,
  req: OperatorBookingRequest,
  seller: Seller,
): Promise<OperatorBookingResponse> {
  const staff = seller.user;
  const { agent } = seller;
  const { slot, plan, ownerCommissionBps, belowMinimum } = await planFor(ctx, seller, slotId, req);
  // Above the simplified-invoice limit the customer's invoice names them and their address, as at
  // the site's checkout (docs/invoicing.md#customers-invoices-in-the-owners-name): asked before
  // anything is held or numbered.
  if (invoiceNamesRecipient(plan.amountCents) && !req.customer.address) {
    throw invalidField('body.customer.address', 'address_required', 'validation.customerInvoiceAddress');
  }
  const waives = belowMinimum.kind === 'belowMinimum';
  const now = ctx.now();
  const actor = { actor: staff.email, actorUserId: staff.id };
  const method = req.payment.method;
  const holdHours = req.payment.holdHours ?? 0;

  const { booking, holdCapped } = await sell(ctx, {
    slot,
    plan,
    hold: method === 'link' ? { channel: 'paymentLink', hours: holdHours } : { channel: 'inPerson' },
    booking: {
      customerName: req.customer.name,
      customerEmail: req.customer.email ?? '',
      customerPhone: req.customer.phone ?? '',
      customerAddress: req.customer.address ?? '',
      language: req.language,
      provider: ctx.payments.name,
      // The owner's rate when the booking is sold, as at the site's checkout.
      commissionBps: commissionBps(ownerCommissionBps, ctx.config.PLATFORM_FEE_PERCENT),
      // Who took it: its channel (walk-in for crew, operator otherwise; bookings/channel.ts).
      soldByUserId: staff.id,
    },
    history: (hold): TransitionInput =>
      method === 'link'
        ? {
            ...actor,
            code: 'payment_link_sent',
            params: { hours: holdHours, until: hold.expiresAt.toISOString(), capped: hold.capped ? 1 : 0 },
          }
        : agent
          ? { ...actor, code: 'agent_booked', params: { agent: agent.name } }
          : {
              ...actor,
              code: 'operator_booked',
              params: waives ? { method, belowMinimum: belowMinimum.seats } : { method },
            },
    async underLock(tx, trip) {
      if (!waives || !trip || trip.minimumWaived) return;
      // The trip sails below its minimum: waived as the admin's waiver does, so the cutoff job
      // leaves it alone; the call's audit row says by whom and under which permission.
      await setMinimumWaived(tx, scopeOf(staff), slot.id, true, now);
      noteAudit({
        slotId: slot.id,
        changes: {
          minimumWaived: { before: false, after: true },
          minimumWaivedUnder: { before: null, after: waivedUnder(staff) },
        },
      });
    },
    async record(tx, row) {
      await agent?.record(tx, row, method === 'cash' ? 'cash' : 'link');
      if (method === 'link') {
        await emitEvent(tx, {
          kind: 'booking.payment_link_sent',
          bookingId: row.id,
          payload: { resent: false },
        });
      }
    },
    ...(method === 'link'
      ? {}
      : {
          paid: {
            history: {
              ...actor,
              code: 'payment_recorded',
              params: { method: agent ? 'agent_cash' : method },
            },
            at: now,
            // An agent keeps its commission from the cash and owes the net, as a reseller does.
            ...(agent
              ? { kind: 'agentCash' as const, commissionBps: agent.commissionBps, agentEmail: staff.email }
              : { kind: 'inPerson' as const, method, recordedBy: staff.email }),
          },
        }),
  });

  return {
    bookingId: booking.id,
    ref: bookingReference(booking.id),
    status: booking.status === 'paid' ? 'paid' : 'pending',
    amount: centsToEuros(plan.amountCents),
    method,
    ...(method === 'link' && booking.holdExpiresAt
      ? { holdExpiresAt: booking.holdExpiresAt.toISOString(), holdCapped }
      : {}),
  };
}

/** Whose word let the trip sail below its minimum: the crew's owner's permission, or the seller's own. */
const waivedUnder = (staff: TokenUser) => (staff.role === 'crew' ? 'owner_permission' : staff.role);
