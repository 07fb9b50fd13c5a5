// An address leads to its code, its guard and its tests (src/route-areas.ts, decision 23): every
// route of the real table lies in an area, is guarded for exactly the roles its area names, and
// is written in its area's module; each module's tests sit in the folder of the same name.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_AREAS, assertGuardFollowsPrefix, routeAreaOf } from '../../src/route-areas';
import { buildTestApp } from '../helpers/test-app';
import { routeTable } from '../helpers/route-table';

/** Addresses of the server itself, not of a module's API: probes, the crawlers' files, the docs. */
const INFRASTRUCTURE = [
  /^\/healthz$/,
  /^\/readyz$/,
  /^\/metrics$/,
  /^\/robots\.txt$/,
  /^\/sitemap\.xml$/,
  /^\/media\/uploads\//,
  /^\/api\/docs/,
  /^\/api\/openapi\.json$/,
  /^\/\*$/,
];

const SRC = join(import.meta.dirname, '../../src');
const MODULES = join(SRC, 'modules');

/** Every TypeScript file under a folder, tests left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The addresses a file registers: the first string of each `app.get(` … `app.delete(` call. */
function registeredPaths(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/\bapp\.(?:get|post|put|patch|delete|route)\(\s*['`]([^'`]+)['`]/g)].map(
    (m) => m[1]!,
  );
}

describe('route areas', async () => {
  const t = await buildTestApp({ template: 'empty' });
  const table = routeTable(t.routes);
  const modular = table.filter((r) => !INFRASTRUCTURE.some((re) => re.test(r.url)));

  it('finds an area for every address of the real route table', () => {
    expect(modular.length).toBeGreaterThan(80);
    expect(modular.filter((r) => !routeAreaOf(r.url)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it("guards every route for exactly its area's roles, and leaves public areas public", () => {
    const wrong = modular
      .filter((r) => {
        const roles = routeAreaOf(r.url)!.roles;
        if (roles === 'public') return r.allowedRoles !== undefined || r.resellerKey;
        if (roles === 'reseller') return r.allowedRoles !== undefined || !r.resellerKey;
        return !r.allowedRoles || [...r.allowedRoles].sort().join() !== [...roles].sort().join();
      })
      .map((r) => `${r.method} ${r.url}: ${r.allowedRoles?.join(',') ?? 'public'}`);
    expect(wrong).toEqual([]);
  });

  it('writes each address in the module its area names, and nowhere else', () => {
    const misplaced: string[] = [];
    let found = 0;
    for (const file of sourceFiles(MODULES)) {
      const module = relative(MODULES, file).split('/')[0]!;
      for (const path of registeredPaths(file)) {
        if (INFRASTRUCTURE.some((re) => re.test(path))) continue;
        found += 1;
        const area = routeAreaOf(path);
        if (area?.module !== module) {
          misplaced.push(
            `${path} in ${module}/ (its area ${area?.prefix ?? 'none'} is ${area?.module ?? '—'}'s)`,
          );
        }
      }
    }
    expect(found).toBeGreaterThan(80);
    expect(misplaced).toEqual([]);
  });

  it("names only modules that exist, each with its tests' folder of the same name", () => {
    const missing = ROUTE_AREAS.filter(
      (a) =>
        !existsSync(join(MODULES, a.module)) || !existsSync(join(SRC, '../test/api', a.tests ?? a.module)),
    ).map((a) => a.prefix);
    expect(missing).toEqual([]);
  });

  it('stops the app at start for a route in the plugin of other roles than its address says', () => {
    expect(() => assertGuardFollowsPrefix('/api/admin/owners/:id', ['admin', 'owner'])).toThrow(
      /registered for admin, owner but its area \/api\/admin\/owners is for admin/,
    );
    expect(() => assertGuardFollowsPrefix('/api/crew/checkin', ['admin', 'owner', 'crew'])).not.toThrow();
    expect(() => assertGuardFollowsPrefix('/api/somewhere/new', ['admin'])).toThrow(/has no area/);
    expect(() => assertGuardFollowsPrefix('/api/boats/:id/reviews', ['admin'])).toThrow(/for the public/);
  });
});
