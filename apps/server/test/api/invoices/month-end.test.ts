// A month's commission invoices wait until the month has ended in the islands
// (docs/invoicing.md#invoices-for-a-month-that-has-ended): the month under way and a month not
// begun are refused, naming the field, before a number is taken; September ends at 00:00 Canary
// on 1 October, 23:00 UTC on 30 September (summer time), not at UTC's midnight; the monthly job
// never issues the month under way.
import { describe, expect, it } from 'vitest';
import type { Invoice, InvoicesResponse } from '@boats/domain/schemas/invoices';
import { issueMonthlyInvoices } from '../../../src/modules/jobs/monthly-invoices';
import { completeEndedTrips } from '../../../src/modules/jobs/trip-completion';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import { addPaidBooking, seedBoat } from '../admin-bookings/admin-bookings.fixtures';

describe('commission invoices of a month that has not ended', async () => {
  const t = await buildTestApp({ template: 'empty', now: new Date('2026-09-15T12:00:00Z') });
  const asAdmin = async () => bearer(await tokenFor(t, 'admin'));
  const owner = await newOwner(t, { displayName: 'Marlin' });
  await addPaidBooking(t.ctx.db, await seedBoat(t.ctx.db, { en: 'Marlin' }, owner), '2026-09-10', 20_000);
  await completeEndedTrips(t.ctx);

  const issueAsAdmin = async (period: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/invoices/issue',
      headers: await asAdmin(),
      payload: { period },
    });
  const invoices = async () =>
    (await t.app.inject({ url: '/api/owner/invoices', headers: await asAdmin() })).json<InvoicesResponse>()
      .invoices;

  it('refuses the month under way and a month not begun, naming the field and saying when', async () => {
    const current = await issueAsAdmin('2026-09');
    expect(current.statusCode).toBe(400);
    expect(current.json()).toEqual({
      error: 'month_not_ended',
      message:
        'The month 2026-09 has not ended yet (Canary time): its invoices can be issued from 2026-10-01.',
      fields: [
        {
          path: 'body.period',
          message:
            'The month 2026-09 has not ended yet (Canary time): its invoices can be issued from 2026-10-01.',
        },
      ],
    });
    const future = await issueAsAdmin('2027-02');
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ error: 'month_not_ended', fields: [{ path: 'body.period' }] });
    expect(await invoices()).toEqual([]);
  });

  it('still refuses September at 23:59 on the 30th in the islands, and the job leaves it', async () => {
    t.setNow(new Date('2026-09-30T22:59:00Z')); // 23:59 Canary (UTC+1 in summer)
    const lastMinute = await issueAsAdmin('2026-09');
    expect(lastMinute.statusCode).toBe(400);
    expect(lastMinute.json()).toMatchObject({ error: 'month_not_ended', fields: [{ path: 'body.period' }] });
    await issueMonthlyInvoices(t.ctx); // issues August, which has nothing
    expect(await invoices()).toEqual([]);
  });

  it('issues September at 00:00 on 1 October in the islands, still 30 September in UTC, numbered first', async () => {
    t.setNow(new Date('2026-09-30T23:00:00Z'));
    const res = await issueAsAdmin('2026-09');
    expect(res.statusCode, res.body).toBe(200);
    const { issued } = res.json<{ period: string; issued: Invoice[] }>();
    // No refusal took a number: the first invoice of the year's series.
    expect(issued.map((i) => [i.number, i.period, i.ownerId])).toEqual([['2026-000001', '2026-09', owner]]);
    // The job, running at the same minute, finds nothing left.
    await issueMonthlyInvoices(t.ctx);
    expect((await invoices()).map((i) => i.number)).toEqual(['2026-000001']);
  });
});
