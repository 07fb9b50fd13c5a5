// THE place where back-office routes are registered. Each guarded plugin below adds the role
// guard once, as its onRequest hook, and Fastify's encapsulation applies it to every route
// registered inside (fastify/demo's autohooks pattern). The guard follows the address: a route
// whose prefix's area (src/route-areas.ts) names other roles than its plugin stops the app at
// start. A new back-office module is registered in the plugin for the roles that may call it,
// never in app.ts; test/security/admin-routes.test.ts walks the real route table and fails on
// any back-office path outside these plugins or answering anonymous callers.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { UserRole } from '@boats/domain/schemas/auth';
import type { AppContext } from './context';
import type { ReadCaches } from './http/read-caches';
import { noStore } from './http/no-store';
import { assertGuardFollowsPrefix } from './route-areas';
import { registerAuditTrail } from './modules/audit/audit-trail';
import { auditRoutes } from './modules/audit/routes';
import { adminBookingsRoutes } from './modules/admin-bookings/routes';
import { depositCrewRoutes, depositDisputeRoutes, depositStaffRoutes } from './modules/deposits/routes';
import { operatorBookingRoutes } from './modules/admin-bookings/operator-booking-routes';
import { requireRole } from './modules/auth/require-admin';
import { registerStepUpGuard } from './modules/auth/step-up';
import { accountRoutes } from './modules/account/account-routes';
import { adminBoatRoutes, platformBoatRoutes } from './modules/boats/admin-routes';
import { adminPhotoRoutes } from './modules/media/routes';
import { adminMessagesRoutes } from './modules/messages/admin-routes';
import { adminSlotRoutes } from './modules/slots/admin-routes';
import { calendarFeedAdminRoutes } from './modules/calendar-feed/routes';
import { scheduleRoutes } from './modules/schedules/routes';
import { tripCancellationRoutes } from './modules/trip-cancellation/routes';
import { tripsAdminRoutes, tripsStaffRoutes } from './modules/trips/routes';
import { selfDriveStaffRoutes } from './modules/self-drive/routes';
import { staffAccountRoutes } from './modules/staff/routes';
import { crewPermissionRoutes } from './modules/staff/crew-permissions-routes';
import { adminReviewRoutes, ownerReviewRoutes } from './modules/reviews/routes';
import { adminOwnerRoutes } from './modules/owners/admin-routes';
import { adminPayoutRoutes, ownerPayoutRoutes } from './modules/payouts/routes';
import { adminInvoiceRoutes, ownerInvoiceRoutes } from './modules/invoices/routes';
import { ownerNotificationRoutes } from './modules/owner-notifications/routes';
import { adminInvoicingRoutes } from './modules/verifactu/record-routes';
import { adminOwnerApplicationRoutes } from './modules/owner-applications/routes';
import { adminPromoCodeRoutes } from './modules/promo-codes/routes';
import { adminResellerRoutes } from './modules/resellers/routes';
import { adminAgentRoutes, agentRoutes as agentOwnRoutes } from './modules/agents/routes';
import { adminGiftVoucherRoutes } from './modules/gift-vouchers/routes';
import { adminSystemRoutes } from './modules/system/routes';
import { adminErasureRoutes } from './modules/erasure/routes';
import { adminUpcomingRoutes, boatUpcomingRoutes } from './modules/upcoming-bookings/routes';

type Options = { ctx: AppContext; caches: ReadCaches };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Roles a guarded plugin lets through (set on every route inside one; read by the tests). */
    allowedRoles?: readonly UserRole[];
  }
}

/** A plugin whose routes answer only the given roles. Not wrapped in fastify-plugin on purpose. */
function guardedRoutes(
  roles: readonly UserRole[],
  register: (app: FastifyInstance, ctx: AppContext, caches: ReadCaches) => Promise<void>,
): FastifyPluginAsync<Options> {
  return async (app, { ctx, caches }) => {
    app.addHook('onRoute', (route) => {
      assertGuardFollowsPrefix(route.url, roles);
      route.config = { ...route.config, allowedRoles: roles };
    });
    app.addHook('onRequest', requireRole(ctx, roles));
    // Back-office answers carry personal data: never kept by a browser or proxy cache.
    app.addHook('onSend', noStore);
    // Every write (and every download of personal data) declares its action and adds an
    // append-only row to the audit trail (modules/audit/audit-trail.ts).
    registerAuditTrail(app, ctx);
    // A route that moves money or gives power declares step-up in its config (`...stepUp()`);
    // this one guard asks for a recent second factor on every such route (modules/auth/step-up.ts).
    registerStepUpGuard(app, ctx);
    await register(app, ctx, caches);
  };
}

/**
 * The platform admin only: what concerns the whole marketplace, not one owner's boats: owners
 * and their commission, owner applications, publishing and suspending boats, boat histories,
 * waiving a trip's minimum, the system page (background jobs, e-mail backlog), the resellers of
 * the OCTO API and their keys, the agents and their settlements, customers' erasure requests,
 * disputed damage claims against a security deposit.
 */
export const adminRoutes = guardedRoutes(['admin'], async (app, ctx, caches) => {
  await app.register(tripsAdminRoutes, { ctx });
  await app.register(adminOwnerRoutes, { ctx });
  await app.register(platformBoatRoutes, { ctx });
  await app.register(adminOwnerApplicationRoutes, { ctx });
  await app.register(adminPayoutRoutes, { ctx });
  await app.register(adminInvoiceRoutes, { ctx });
  await app.register(adminInvoicingRoutes, { ctx, caches });
  await app.register(adminReviewRoutes, { ctx });
  await app.register(adminGiftVoucherRoutes, { ctx });
  await app.register(adminSystemRoutes, { ctx });
  await app.register(adminResellerRoutes, { ctx });
  await app.register(adminAgentRoutes, { ctx });
  await app.register(adminErasureRoutes, { ctx });
  await app.register(adminUpcomingRoutes, { ctx });
  await app.register(depositDisputeRoutes, { ctx });
});

/**
 * The back office of the admin and of each owner: boats, slots, schedules, bookings with the
 * ledger, KPIs and CSV, messages, calendar feeds, trip cancellations, photos, crew accounts and
 * promo codes.
 * An owner's calls are scoped to their boats by the queries themselves (modules/owner-scope/owner-scope.ts):
 * another owner's object is not found, and never in a list.
 */
export const backOfficeRoutes = guardedRoutes(['admin', 'owner'], async (app, ctx, caches) => {
  await app.register(adminBoatRoutes, { ctx });
  await app.register(adminSlotRoutes, { ctx });
  await app.register(adminBookingsRoutes, { ctx, caches });
  await app.register(depositStaffRoutes, { ctx });
  await app.register(adminMessagesRoutes, { ctx });
  await app.register(scheduleRoutes, { ctx });
  await app.register(calendarFeedAdminRoutes, { ctx });
  await app.register(tripCancellationRoutes, { ctx });
  await app.register(adminPhotoRoutes, { ctx });
  await app.register(staffAccountRoutes, { ctx });
  await app.register(adminPromoCodeRoutes, { ctx });
  await app.register(auditRoutes, { ctx, caches });
  await app.register(boatUpcomingRoutes, { ctx });
});

/**
 * Owners: their own earnings, payouts and commission invoices (the token's owner, never a
 * parameter); the platform admin may read any owner's by naming it. The reviews of their boats, which they answer.
 * What their crew may do (the admin: the platform's crew).
 */
export const ownerRoutes = guardedRoutes(['admin', 'owner'], async (app, ctx, caches) => {
  await app.register(ownerPayoutRoutes, { ctx, caches });
  await app.register(ownerInvoiceRoutes, { ctx });
  await app.register(ownerNotificationRoutes, { ctx });
  await app.register(ownerReviewRoutes, { ctx });
  await app.register(crewPermissionRoutes, { ctx });
});

/**
 * Staff = admins, owners and crew: the day's trips, manifests and check-in, booking the walk-in
 * customers at the harbour, a self-drive skipper's licence checked; nothing else. Scoped like the rest: an owner and the crew an owner
 * created see that owner's boats only.
 */
export const staffRoutes = guardedRoutes(['admin', 'owner', 'crew'], async (app, ctx, caches) => {
  await app.register(tripsStaffRoutes, { ctx, caches });
  await app.register(operatorBookingRoutes, { ctx });
  await app.register(depositCrewRoutes, { ctx });
  await app.register(selfDriveStaffRoutes, { ctx });
});

/**
 * Every back-office account's own, whatever its role (agents too): its signed-in devices, its
 * password, its sign-in address and its passkeys (docs/security.md#sessions).
 */
export const accountOwnRoutes = guardedRoutes(['admin', 'owner', 'crew', 'agent'], async (app, ctx) => {
  await app.register(accountRoutes, { ctx });
});

/**
 * Agents (hotel concierge desks, harbour sellers; docs/channels.md#agents): the day's bookable
 * trips of every boat on the public site, selling seats for their customers, and their own sales
 * and balance; never another agent's, nor any back-office page.
 */
export const agentRoutes = guardedRoutes(['agent'], async (app, ctx) => {
  await app.register(agentOwnRoutes, { ctx });
});
