// The app's real route table, for tests generated from it (the authorization matrix, the bad
// input sweep). A test file mocks `fastify` and `require-admin` with the two wrappers below:
//
//   vi.mock('fastify', async (original) => (await import('../helpers/route-table')).withRouteLog(await original()));
//   vi.mock('../../src/modules/auth/require-admin', async (original) =>
//     (await import('../helpers/route-table')).withAdminGuardTag(await original()));
//
// Every Fastify instance then records each route it registers (an onRoute hook added the moment
// the instance is created), and every guard made by requireAdmin is remembered, so a route is
// known to be admin-only because it carries that guard, whatever its path.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, RouteOptions } from 'fastify';

export type RouteEntry = {
  method: string;
  url: string;
  /** The route carries a guard made by requireAdmin or requireStaff (route-level hook). */
  adminGuarded: boolean;
  /** The guard is requireStaff: crew may call it too. */
  staffGuarded: boolean;
  hasBody: boolean;
  /** Top-level keys of the querystring schema, when it is a zod object. */
  queryKeys: string[];
};

const routes: RouteEntry[] = [];
const adminGuards = new WeakSet<object>();
const staffGuards = new WeakSet<object>();

const hookList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value ? [value] : []);

function record(route: RouteOptions): void {
  const hooks = [route.onRequest, route.preParsing, route.preValidation, route.preHandler].flatMap(hookList);
  const methods = hookList(route.method) as string[];
  for (const method of methods) {
    if (method === 'HEAD' || method === 'OPTIONS') continue;
    routes.push({
      method,
      url: route.url,
      adminGuarded: hooks.some(
        (hook) => typeof hook === 'function' && (adminGuards.has(hook) || staffGuards.has(hook)),
      ),
      staffGuarded: hooks.some((hook) => typeof hook === 'function' && staffGuards.has(hook)),
      hasBody: Boolean((route.schema as { body?: unknown } | undefined)?.body),
      queryKeys: Object.keys(
        ((route.schema as { querystring?: { shape?: object } } | undefined)?.querystring?.shape ??
          {}) as object,
      ),
    });
  }
}

type FastifyModule = { default: (...args: unknown[]) => FastifyInstance } & Record<string, unknown>;

export function withRouteLog<T>(original: T): T {
  const mod = original as unknown as FastifyModule;
  const factory = (...args: unknown[]) => {
    const app = mod.default(...args);
    app.addHook('onRoute', record);
    return app;
  };
  Object.assign(factory, mod.default);
  return { ...mod, default: factory, fastify: factory } as unknown as T;
}

type Guard = (...args: unknown[]) => unknown;
type RequireAdminModule = { requireAdmin: Guard; requireStaff: Guard } & Record<string, unknown>;

function tagged(make: Guard, set: WeakSet<object>): Guard {
  return (...args) => {
    const guard = make(...args);
    if (typeof guard === 'function') set.add(guard);
    return guard;
  };
}

export function withAdminGuardTag<T>(original: T): T {
  const mod = original as unknown as RequireAdminModule;
  return {
    ...mod,
    requireAdmin: tagged(mod.requireAdmin, adminGuards),
    requireStaff: tagged(mod.requireStaff, staffGuards),
  } as unknown as T;
}

/** Every route registered so far, each method once (deduplicated across app instances). */
export function routeTable(): RouteEntry[] {
  const seen = new Map<string, RouteEntry>();
  for (const route of routes) seen.set(`${route.method} ${route.url}`, route);
  return [...seen.values()].sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`));
}

/** Paths that belong to the back office by their prefix: whatever the code says, they need the guard. */
export const ADMIN_PREFIXES = ['/api/admin/', '/messages/admin/', '/checkout/bookings'];

export const isAdminPath = (url: string) =>
  ADMIN_PREFIXES.some((p) => url === p.replace(/\/$/, '') || url.startsWith(p));

/** A concrete URL for a route pattern: every parameter becomes a random (well-formed) UUID. */
export function concreteUrl(url: string): string {
  return url.replace(/:[A-Za-z_]\w*/g, () => randomUUID()).replace(/\*$/, 'x');
}
