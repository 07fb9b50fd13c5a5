// Another owner's boat when a trip is canceled (issue 40 ★), at 390 px in Russian: the operator
// cancels Marlin Charters' shared trip for a technical fault; the customer, on manage my booking,
// is offered Volkov Boats' trip from the same harbour that day at no extra cost and takes it; both
// owners get their e-mail in their language (Marlin's in Spanish, Volkov's in Russian). The money,
// invoices and scoping of the move are proven by the API tests (cross-owner-move.test.ts).
import { addDays, canaryDateKey, canaryInstant } from '@boats/domain/canary-time';
import { expect, test } from '../support/test';
import { adminToken, paidSharedBooking } from '../support/api-booking';
import { boatByTitle } from '../support/booking-helpers';
import { waitForMail } from '../support/inbox';
import { localeText } from '../support/locale-texts';

test.use({ locale: 'ru-RU', viewport: { width: 390, height: 844 } });

const ru = (key: string, values?: Record<string, string | number>) =>
  localeText('ru', 'tripChange', key, values);

test('a trip canceled for a technical fault: the customer moves to another owner’s boat', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await adminToken(request);
  // Both boats leave from Los Cristianos.
  const marlin = await boatByTitle(request, 'Blue Marlin');
  const volkov = await boatByTitle(request, 'Gomera Runner');
  // The next weekday (the boats' weekend prices differ), early, before the charters' hours.
  let day = addDays(canaryDateKey(new Date()), 1);
  while ([0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay())) day = addDays(day, 1);
  const early = canaryInstant(day, '05:00');
  // Six seats each: the smaller boat's capacity.
  const trip = async (boatId: string) => {
    for (let hour = 0; hour < 8; hour++) {
      const start = new Date(early.getTime() + hour * 3_600_000);
      const res = await request.post(`/api/boats/slots/${boatId}`, {
        headers: { authorization: `Bearer ${admin}` },
        data: {
          type: 'shared',
          start: start.toISOString(),
          end: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
          seatPrice: 20,
          seatsTotal: 6,
        },
      });
      if (res.ok()) return (await res.json()) as { _id: string; start: string; end: string };
    }
    throw new Error(`no free two hours tomorrow morning on ${boatId}`);
  };
  const canceled = await trip(marlin._id);
  const other = await trip(volkov._id);
  expect(canaryDateKey(other.start)).toBe(canaryDateKey(canceled.start));
  const email = `cross-owner-${Date.now().toString(36)}@example.com`;
  const id = await paidSharedBooking(request, {
    boatId: marlin._id,
    trip: canceled,
    seatPrice: 20,
    adults: 2,
    email,
  });
  const cancel = await request.post(`/api/admin/trips/${canceled._id}/cancel`, {
    headers: { authorization: `Bearer ${admin}` },
    data: { reasonCode: 'technical_fault', note: 'Engine', offer: 'choice' },
  });
  expect(cancel.ok(), await cancel.text()).toBe(true);
  const found = await request.post('/api/bookings/lookup', {
    data: { reference: id.slice(-8).toUpperCase(), email },
  });
  const { token } = (await found.json()) as { token: string };

  await page.goto(`/booking/manage?booking=${id}&token=${token}`);
  await expect(page.getByRole('heading', { name: ru('title') })).toBeVisible();
  await expect(page.getByText(ru('otherBoatsNote'))).toBeVisible();
  const option = page.getByRole('listitem').filter({ hasText: 'Los Cristianos' });
  await expect(option).toContainText('На другой лодке:');
  await option.getByRole('button', { name: ru('move') }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Перенести бронирование на');
  await page.getByRole('button', { name: ru('confirm.yes') }).click();
  await expect(page.getByRole('status')).toContainText('Бронирование перенесено');

  // Both owners are told, each in their own language.
  await waitForMail('bookings@marlin-charters.example', /Reserva trasladada al barco de otro propietario/);
  await waitForMail('dmitri@volkov-boats.example', /Бронирование перенесено на вашу лодку/);
});
