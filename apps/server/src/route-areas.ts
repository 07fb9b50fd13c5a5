// THE table of addresses: which module defines each route prefix and who may call it, so that an
// address leads to its code (apps/server/src/modules/<module>/), its guard (the roles) and its
// tests (apps/server/test/api/<module>/) (docs/architecture.md#roles-and-guards,
// decision 23).
//
// The guard follows the prefix: a guarded plugin of back-office-routes.ts refuses, when the app
// starts, a route whose area names other roles than the plugin lets through, and a route whose
// address has no area. test/security/route-areas.test.ts checks that each prefix's routes are
// written in its module and nowhere else.
//
// An address's area is its longest matching prefix, whole segments only, with parameters
// matched by position (`/api/admin/boats/:id/slots` is the area of
// `/api/admin/boats/:boatId/slots/:slotId`). The spec's own addresses (`/api/boats/update/{id}`,
// `/api/boats/slots/{id}`, `/checkout/bookings`) keep their paths and are listed with their module.
import type { UserRole } from '@boats/domain/schemas/auth';

/**
 * Who may call: `public` routes need no account (each public write is reviewed in test/security);
 * `reseller` routes need a reseller's API key, never an account (modules/octo/routes.ts).
 */
type Audience = readonly UserRole[] | 'public' | 'reseller';

export type RouteArea = {
  prefix: string;
  module: string;
  roles: Audience;
  /** The folder of its tests under test/api, when it is not the module's own name. */
  tests?: string;
};

const ADMIN = ['admin'] as const;
const BACK_OFFICE = ['admin', 'owner'] as const;
const STAFF = ['admin', 'owner', 'crew'] as const;

export const ROUTE_AREAS: readonly RouteArea[] = [
  // The harbour's day: admins, owners and the crew an owner created (scoped to that owner's boats).
  { prefix: '/api/crew/trips', module: 'trips', roles: STAFF },
  { prefix: '/api/crew/checkin', module: 'trips', roles: STAFF },
  { prefix: '/api/crew/trips/:/bookings', module: 'admin-bookings', roles: STAFF },
  { prefix: '/api/crew/bookings', module: 'admin-bookings', roles: STAFF },
  { prefix: '/api/crew/bookings/:/deposit', module: 'deposits', roles: STAFF },
  // A self-drive booking's handover at the harbour: the skipper's licence (decision 39).
  { prefix: '/api/crew/bookings/:/self-drive', module: 'self-drive', roles: STAFF },
  // Every back-office account's own, agents' too: its signed-in devices, password, sign-in
  // address and passkeys.
  { prefix: '/api/account', module: 'account', roles: ['admin', 'owner', 'crew', 'agent'], tests: 'auth' },

  // The back office of the admin and of each owner (an owner's calls see their own boats only).
  { prefix: '/api/admin/boats', module: 'boats', roles: BACK_OFFICE },
  { prefix: '/api/boats/update', module: 'boats', roles: BACK_OFFICE },
  { prefix: '/api/admin/boats/:/slots', module: 'slots', roles: BACK_OFFICE },
  { prefix: '/api/boats/slots', module: 'slots', roles: BACK_OFFICE },
  { prefix: '/api/admin/boats/:/schedule', module: 'schedules', roles: BACK_OFFICE },
  { prefix: '/api/admin/boats/:/calendar-feed', module: 'calendar-feed', roles: BACK_OFFICE },
  { prefix: '/api/admin/photos', module: 'media', roles: BACK_OFFICE },
  { prefix: '/api/admin/bookings', module: 'admin-bookings', roles: BACK_OFFICE },
  { prefix: '/api/admin/bookings/:/deposit', module: 'deposits', roles: BACK_OFFICE },
  { prefix: '/checkout/bookings', module: 'admin-bookings', roles: BACK_OFFICE },
  { prefix: '/messages/admin', module: 'messages', roles: BACK_OFFICE },
  { prefix: '/api/admin/trips/:/cancel', module: 'trip-cancellation', roles: BACK_OFFICE },
  { prefix: '/api/admin/trips/:/cancellation', module: 'trip-cancellation', roles: BACK_OFFICE },
  { prefix: '/api/admin/staff', module: 'staff', roles: BACK_OFFICE },
  { prefix: '/api/admin/promo-codes', module: 'promo-codes', roles: BACK_OFFICE },
  { prefix: '/api/admin/audit', module: 'audit', roles: BACK_OFFICE },
  { prefix: '/api/admin/reviews', module: 'reviews', roles: BACK_OFFICE },

  // An owner's own money (the token's owner; the admin may read any owner's by naming it).
  { prefix: '/api/owner/earnings', module: 'payouts', roles: BACK_OFFICE },
  { prefix: '/api/owner/statement', module: 'payouts', roles: BACK_OFFICE },
  { prefix: '/api/owner/payouts', module: 'payouts', roles: BACK_OFFICE },
  { prefix: '/api/owner/invoices', module: 'invoices', roles: BACK_OFFICE },
  { prefix: '/api/owner/invoicing', module: 'invoices', roles: BACK_OFFICE },
  { prefix: '/api/owner/customer-invoices', module: 'invoices', roles: BACK_OFFICE },
  { prefix: '/api/owner/notifications', module: 'owner-notifications', roles: BACK_OFFICE },
  // What the owner's crew may do, beside the crew accounts (the admin: the platform's crew).
  { prefix: '/api/owner/crew-permissions', module: 'staff', roles: BACK_OFFICE },

  // The platform admin alone: the marketplace as a whole, never one owner's business.
  { prefix: '/api/admin/boats/:/history', module: 'boats', roles: ADMIN },
  { prefix: '/api/admin/boats/:/instant-forced', module: 'boats', roles: ADMIN },
  { prefix: '/api/admin/boats/:/reseller-commission', module: 'boats', roles: ADMIN },
  { prefix: '/api/admin/trips/:/minimum', module: 'trips', roles: ADMIN },
  { prefix: '/api/admin/owners', module: 'owners', roles: ADMIN },
  // Suspending an owner or pausing a boat says first what becomes of their paid bookings ahead
  // (docs/back-office.md#safe-admin-actions): one module for both, beside the owners' and boats'.
  { prefix: '/api/admin/owners/:/upcoming-bookings', module: 'upcoming-bookings', roles: ADMIN },
  { prefix: '/api/admin/owners/:/suspend', module: 'upcoming-bookings', roles: ADMIN },
  { prefix: '/api/admin/boats/:/upcoming-bookings', module: 'upcoming-bookings', roles: BACK_OFFICE },
  { prefix: '/api/admin/boats/:/pause', module: 'upcoming-bookings', roles: BACK_OFFICE },
  { prefix: '/api/admin/owner-applications', module: 'owner-applications', roles: ADMIN },
  { prefix: '/api/admin/payouts', module: 'payouts', roles: ADMIN },
  { prefix: '/api/admin/invoices', module: 'invoices', roles: ADMIN },
  { prefix: '/api/admin/earnings', module: 'invoices', roles: ADMIN },
  // The VERI*FACTU records; the documents' own corrections below it issue documents.
  { prefix: '/api/admin/invoicing', module: 'verifactu', roles: ADMIN },
  { prefix: '/api/admin/invoicing/customer-invoices', module: 'invoices', roles: ADMIN },
  { prefix: '/api/admin/invoicing/commission-invoices', module: 'invoices', roles: ADMIN },
  { prefix: '/api/admin/reviews/:/hide', module: 'reviews', roles: ADMIN },
  { prefix: '/api/admin/gift-vouchers', module: 'gift-vouchers', roles: ADMIN },
  { prefix: '/api/admin/system', module: 'system', roles: ADMIN, tests: 'jobs' },
  { prefix: '/api/admin/resellers', module: 'resellers', roles: ADMIN },
  { prefix: '/api/admin/agents', module: 'agents', roles: ADMIN },
  { prefix: '/api/admin/erasure-requests', module: 'erasure', roles: ADMIN, tests: 'data-rights' },
  // Disputed damage claims against a deposit: the platform decides, never an owner (a party).
  { prefix: '/api/admin/deposit-claims', module: 'deposits', roles: ADMIN },

  // Agents (hotel desks, harbour sellers): any bookable trip, their own sales only.
  { prefix: '/api/agent', module: 'agents', roles: ['agent'] },

  // The public site and the customer's own booking.
  { prefix: '/api/boats', module: 'catalogue', roles: 'public', tests: 'boats' },
  { prefix: '/api/boats/:/reviews', module: 'reviews', roles: 'public' },
  { prefix: '/api/boat', module: 'availability', roles: 'public' },
  { prefix: '/api/boat/payment-intent', module: 'checkout', roles: 'public' },
  { prefix: '/api/boat/:/promo-code', module: 'promo-codes', roles: 'public' },
  { prefix: '/api/boat/:/voucher', module: 'gift-vouchers', roles: 'public' },
  { prefix: '/checkout', module: 'checkout', roles: 'public' },
  { prefix: '/api/bookings', module: 'manage-booking', roles: 'public' },
  { prefix: '/api/bookings/:/trip-change', module: 'trip-cancellation', roles: 'public' },
  // The customer's view of their security deposit, another card for a refused one, their answer
  // to a damage claim.
  { prefix: '/api/bookings/:/deposit', module: 'deposits', roles: 'public' },
  { prefix: '/api/bookings/:/self-drive', module: 'self-drive', roles: 'public' },
  { prefix: '/api/personal-data', module: 'data-rights', roles: 'public' },
  { prefix: '/api/payment-link', module: 'payment-links', roles: 'public' },
  { prefix: '/api/payments/webhook', module: 'payment-webhooks', roles: 'public' },
  { prefix: '/api/payments', module: 'payments', roles: 'public' },
  { prefix: '/api/gift-vouchers', module: 'gift-vouchers', roles: 'public' },
  { prefix: '/api/reviews', module: 'reviews', roles: 'public' },
  { prefix: '/api/waitlist', module: 'waitlist', roles: 'public' },
  { prefix: '/api/owner-applications', module: 'owner-applications', roles: 'public' },
  { prefix: '/api/calendar', module: 'calendar-feed', roles: 'public' },
  { prefix: '/api/operator', module: 'operator', roles: 'public' },
  { prefix: '/messages/messages', module: 'messages', roles: 'public' },
  { prefix: '/user', module: 'auth', roles: 'public' },

  // Resellers' OCTO API: their API keys, checked by the octo plugin's hook (docs/channels.md).
  { prefix: '/octo', module: 'octo', roles: 'reseller' },
];

const segments = (path: string) =>
  path
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? ':' : s));

// Split once: every app's start looks up each of its routes (a test run builds hundreds of apps).
const AREA_SEGMENTS = ROUTE_AREAS.map((area) => ({ area, prefix: segments(area.prefix) }));

/** The area of a route's address (its pattern or a concrete path), or undefined when it has none. */
export function routeAreaOf(url: string): RouteArea | undefined {
  const path = segments(url.split('?')[0]!);
  let best: RouteArea | undefined;
  let bestLength = -1;
  for (const { area, prefix } of AREA_SEGMENTS) {
    if (prefix.length > path.length || prefix.length <= bestLength) continue;
    if (prefix.every((s, i) => s === path[i] || (s === ':' && path[i] !== undefined))) {
      best = area;
      bestLength = prefix.length;
    }
  }
  return best;
}

const sameRoles = (a: Audience, b: readonly UserRole[]) =>
  typeof a !== 'string' && a.length === b.length && a.every((r) => b.includes(r));

/**
 * Refuses, at start, a guarded route outside its area: the guard follows the prefix, so a route
 * registered in the plugin of other roles than its address says is a mistake in the code.
 */
export function assertGuardFollowsPrefix(url: string, pluginRoles: readonly UserRole[]): void {
  const area = routeAreaOf(url);
  if (!area) {
    throw new Error(`The route ${url} has no area: add its prefix to ROUTE_AREAS in src/route-areas.ts`);
  }
  if (!sameRoles(area.roles, pluginRoles)) {
    throw new Error(
      `The route ${url} is registered for ${pluginRoles.join(', ')} but its area ${area.prefix} ` +
        `is for ${typeof area.roles === 'string' ? `the ${area.roles}` : area.roles.join(', ')}: register it in the ` +
        `plugin of its area's roles (src/back-office-routes.ts) or give it an address of its own area ` +
        `(src/route-areas.ts)`,
    );
  }
}
