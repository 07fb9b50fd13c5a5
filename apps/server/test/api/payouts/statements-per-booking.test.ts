import { afterAll, describe, expect, it } from 'vitest';
import { countStatements } from '../../helpers/statement-counter';
import { buildTestApp } from '../../helpers/test-app';
import {
  buyAndConfirm,
  charterRequest,
  createBoat,
  createPrivateRun,
  createSharedTrip,
  HOUR,
  sharedRequest,
} from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-06-01T09:00:00Z');
const DAY = new Date('2027-06-10T09:00:00Z');
const CUSTOMER = { customer: { name: 'Ana García', email: 'ana@example.com' }, lang: 'es' };

// The whole customer path of one booking (payment intent → sandbox card → confirm), in SQL
// statements on this database, BEGIN and COMMIT included. The bounds are today's figures: a
// change that reads a locked row again or looks the same row up twice fails here. (The lock
// order, trips before bookings, costs the confirmation one statement and a charter's checkout
// another: docs/architecture.md#concurrency. The sale's invoice to the customer costs seven:
// the boat's owner, the series' number, the invoice, and its billing record chained after the
// issuer's last one and queued for the AEAT: docs/invoicing.md#customers-invoices-in-the-owners-name.)
describe('SQL statements per booking', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const boat = await createBoat(t.ctx.db, { pricePerHourCents: 15000, capacity: 10 });
  const trips = await Promise.all(
    [0, 1, 2].map((day) => createSharedTrip(t.ctx.db, boat.id, new Date(DAY.getTime() + day * 24 * HOUR))),
  );
  const counter = countStatements(t.database);
  afterAll(() => counter.stop());
  const family = { adults: 4, children50: 0, kidsFree: 0 };

  it('a shared trip for four costs at most 28 statements', async () => {
    // The first booking of the app warms it up, as in the bench; it is not counted.
    await buyAndConfirm(t.app, sharedRequest(boat.id, trips[0]!, family, CUSTOMER));
    counter.reset();
    await buyAndConfirm(t.app, sharedRequest(boat.id, trips[1]!, family, CUSTOMER));
    await buyAndConfirm(t.app, sharedRequest(boat.id, trips[2]!, family, CUSTOMER));
    expect(counter.statements.length / 2, counter.statements.join('\n')).toBeLessThanOrEqual(28);
  });

  it('a three-hour charter costs at most 32 statements', async () => {
    const run = await createPrivateRun(t.ctx.db, boat.id, new Date(DAY.getTime() + 5 * 24 * HOUR), 3);
    counter.reset();
    await buyAndConfirm(t.app, charterRequest(boat, run[0]!, 3, CUSTOMER));
    expect(counter.statements.length, counter.statements.join('\n')).toBeLessThanOrEqual(32);
  });
});
