// @vitest-environment node
// One booking reference everywhere (issue 15): checkout, manage-my-booking, the back office and
// the e-mails call `bookingReference` from @boats/domain/booking-reference. A copy of the rule
// elsewhere drifts (the table once showed "#04ac2f" where messages said "#EB04AC2F").
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const SOURCES = ['apps/web/src', 'apps/server/src', 'packages/domain/src'];

it('writes the booking reference rule only in @boats/domain/booking-reference', () => {
  const copies = SOURCES.flatMap((dir) =>
    (readdirSync(join(ROOT, dir), { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => join(ROOT, dir, file)),
  )
    .filter((file) => !file.endsWith('booking-reference.ts'))
    .filter((file) => /\.slice\(-8\)\.toUpperCase\(\)/.test(readFileSync(file, 'utf8')))
    .map((file) => relative(ROOT, file));
  expect(copies).toEqual([]);
});
