// Every field that takes an e-mail address, found by walking the body schemas of the real app's
// route table (no list to keep up to date): each must refuse what would send mail to someone
// else or smuggle a header line (a list, a display name, CR/LF, an overlong address), so a new
// route cannot forget the one e-mail rule (packages/domain/src/schemas/email-address.ts).
import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildTestApp } from '../helpers/test-app';

/** What the second attack run sent through the booking form, and its relatives. */
const RELAY_ATTEMPTS = [
  'attacker@example.com, victim1@example.org, victim2@example.net',
  'attacker@example.com;victim@example.org',
  'Dear victim <victim@example.org>',
  '"Attacker" <attacker@example.com>',
  'a@x.com\r\nBcc: hidden@example.org',
  'a@x.com\nBcc: hidden@example.org',
  `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`,
];

type Field = { path: string; schema: z.ZodType };
type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
};

const isEmailKey = (key: string) => /e-?mail/i.test(key);
/**
 * Named like an e-mail but about one, not one: a count (a promo code's `maxUsesPerEmail`) or a
 * yes/no (OCTO's `emailReceipt`).
 */
const takesText = (schema: z.ZodType) =>
  schema.safeParse('plain@example.com').success ||
  !(schema.safeParse(1).success || schema.safeParse(true).success);

/** The fields named like an e-mail address anywhere in a zod schema. */
function emailFields(schema: z.ZodType, path: string, seen = new Set<z.ZodType>()): Field[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  const inner = [def.innerType, def.in, def.out, def.left, def.right, def.element, def.valueType]
    .concat(def.options ?? [])
    .concat(def.getter ? [def.getter()] : [])
    .filter((s): s is z.ZodType => s !== undefined);
  const here = Object.entries(def.shape ?? {}).flatMap(([key, value]) => [
    ...(isEmailKey(key) && takesText(value) ? [{ path: `${path}.${key}`, schema: value }] : []),
    ...emailFields(value, `${path}.${key}`, seen),
  ]);
  return [...here, ...inner.flatMap((s) => emailFields(s, path, seen))];
}

function isZod(value: unknown): value is z.ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

describe('every e-mail field of every route takes exactly one address', async () => {
  const t = await buildTestApp({ template: 'empty' });
  const bodies = t.routes.flatMap((route: RouteOptions) => {
    const body = (route.schema as { body?: unknown } | undefined)?.body;
    const methods = ([] as string[]).concat(route.method);
    return body === undefined ? [] : methods.map((method) => ({ name: `${method} ${route.url}`, body }));
  });
  const fields = bodies.flatMap(({ name, body }) =>
    isZod(body) ? emailFields(body, 'body').map((f) => ({ route: name, ...f })) : [],
  );

  it('every body schema is a zod schema the walk can read', () => {
    expect(bodies.filter((b) => !isZod(b.body)).map((b) => b.name)).toEqual([]);
  });

  it('finds the e-mail fields of checkout, contact, lookup, sign-in, password reset and staff', () => {
    const found = fields.map((f) => `${f.route} ${f.path}`);
    for (const known of [
      'POST /api/boat/payment-intent body.customer.email',
      'POST /checkout/booking/:id/customer body.customer.email',
      'POST /messages/messages body.email',
      'POST /api/bookings/lookup body.email',
      'POST /user/auth body.email',
      'POST /user/password/forgot body.email',
      'POST /api/admin/staff body.email',
    ]) {
      expect(found, known).toContain(known);
    }
  });

  it('each refuses lists, display names, CR/LF and overlong addresses, and takes a plain one', () => {
    const accepted = fields.flatMap((f) =>
      RELAY_ATTEMPTS.filter((bad) => f.schema.safeParse(bad).success).map(
        (bad) => `${f.route} ${f.path} accepts ${JSON.stringify(bad)}`,
      ),
    );
    expect(accepted).toEqual([]);
    const refusedGood = fields.filter((f) => !f.schema.safeParse('ana.garcia@example.es').success);
    expect(refusedGood.map((f) => `${f.route} ${f.path}`)).toEqual([]);
  });
});
