// The app's real route table, as buildApp registered it (buildTestApp records every route
// through buildApp's onRoute option), for tests generated from it: the authorization matrix
// and the bad-input sweep. Nothing is mocked: a route is guarded when a guarded plugin of
// src/back-office-routes.ts stamped its allowed roles on it.
import { randomUUID } from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { routeAreaOf } from '../../src/route-areas';

export type RouteEntry = {
  method: string;
  url: string;
  /** Roles the route's guarded plugin lets through; undefined = a public route. */
  allowedRoles: readonly string[] | undefined;
  /** The route answers a reseller's API key (the OCTO plugin, modules/octo/routes.ts). */
  resellerKey: boolean;
  /** The audit action its calls are written down as (modules/audit/audit-trail.ts), if any. */
  auditAction: string | undefined;
  /** Its audit row is written only when the call wrote (a read that sometimes writes). */
  auditWhenNoted: boolean;
  /** Its step-up mark (modules/auth/step-up.ts): always, when a predicate asks, or the refund limit. */
  stepUp: 'always' | 'asked' | 'refund_limit' | undefined;
  hasBody: boolean;
  /** Top-level keys of the querystring schema, when it is a zod object. */
  queryKeys: string[];
};

const hookList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value ? [value] : []);

/** Every route of the app, each method once (read after app.ready(), once guards stamped them). */
export function routeTable(routes: readonly RouteOptions[]): RouteEntry[] {
  const seen = new Map<string, RouteEntry>();
  for (const route of routes) {
    for (const method of hookList(route.method) as string[]) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      seen.set(`${method} ${route.url}`, {
        method,
        url: route.url,
        allowedRoles: (route.config as { allowedRoles?: readonly string[] } | undefined)?.allowedRoles,
        resellerKey: (route.config as { resellerKey?: boolean } | undefined)?.resellerKey === true,
        auditAction: (route.config as { audit?: { action: string } } | undefined)?.audit?.action,
        auditWhenNoted:
          (route.config as { audit?: { whenNoted?: boolean } } | undefined)?.audit?.whenNoted === true,
        stepUp: (route.config as { stepUp?: { when: RouteEntry['stepUp'] } } | undefined)?.stepUp?.when,
        hasBody: Boolean((route.schema as { body?: unknown } | undefined)?.body),
        queryKeys: Object.keys(
          ((route.schema as { querystring?: { shape?: object } } | undefined)?.querystring?.shape ??
            {}) as object,
        ),
      });
    }
  }
  return [...seen.values()].sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`));
}

/**
 * Paths that belong to the back office by their area (src/route-areas.ts): whatever the code
 * says, they need the guard.
 */
export const isAdminPath = (url: string) => {
  const area = routeAreaOf(url);
  // Resellers' OCTO API is guarded by their keys, not by back-office roles (its own matrix).
  return area !== undefined && area.roles !== 'public' && area.roles !== 'reseller';
};

/** A concrete URL for a route pattern: every parameter becomes a random (well-formed) UUID. */
export function concreteUrl(url: string): string {
  return url.replace(/:[A-Za-z_]\w*/g, () => randomUUID()).replace(/\*$/, 'x');
}
