// /booking inside the site (issue 13) on a 360 px phone: the site header (logo home, the
// language drop-down, menu) and footer around the flow; switching the language mid-flow keeps
// what was chosen, on the choice and on the payment step (the hold and the details typed). A
// shared-only boat's card is tourist-what-can-be-bought.spec.ts's.
import { type APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test';
import { adminToken, confirmationPath, openSharedTrip, paidSharedBooking } from '../support/api-booking';
import { expectNoSeriousA11yIssues } from '../support/booking-axe';
import { boatByTitle, dayKey, timeLabel } from '../support/booking-helpers';

test.use({ viewport: { width: 360, height: 740 } });

type Trip = { _id: string; start: string; end: string };

async function freshTrip(request: APIRequestContext, days: number): Promise<{ boatId: string; trip: Trip }> {
  const boat = await boatByTitle(request, 'Gigantes Explorer');
  const trip = await openSharedTrip(request, await adminToken(request), boat._id, days * 24, 20);
  return { boatId: boat._id, trip };
}

test('the site header and footer frame the flow; a language switch keeps the choice and the checkout', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { boatId, trip } = await freshTrip(request, 26);
  const link = `/booking/${boatId}?mode=tickets&date=${dayKey(trip.start)}&start=${timeLabel(trip.start)}&adults=3`;
  await page.goto(link);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'AD Boat Rental' })).toBeVisible();
  // On a phone the six languages are a drop-down, each named in itself, and the logo has room.
  const language = header.getByRole('combobox', { name: 'Language' });
  await expect(language).toBeVisible();
  await expect(language.getByRole('option')).toHaveText([
    'English',
    'Español',
    'Русский',
    'Deutsch',
    'Français',
    'Italiano',
  ]);
  await expect(header.getByRole('group', { name: 'Language' })).toBeHidden();
  const logo = await header.getByRole('link', { name: 'AD Boat Rental' }).boundingBox();
  expect(logo?.width).toBeGreaterThanOrEqual(40);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expect(page.getByRole('contentinfo')).toBeAttached();
  const start = page
    .getByRole('group', { name: 'Start time' })
    .getByRole('button', { name: new RegExp(`^${timeLabel(trip.start)}–${timeLabel(trip.end)}`) });
  await expect(start).toHaveAttribute('aria-pressed', 'true');
  const addressBefore = page.url();

  // Spanish mid-choice: the same trip, start and party, the same address.
  await language.selectOption('es');
  await expect(page.getByRole('button', { name: 'Billetes' })).toHaveAttribute('aria-pressed', 'true');
  await expect(
    page
      .getByRole('group', { name: 'Hora de salida' })
      .getByRole('button', { name: new RegExp(`^${timeLabel(trip.start)}–`) }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('pax-adults')).toHaveText('3');
  await expect(page.getByTestId('review-total')).toHaveText('120,00 €');
  expect(page.url()).toBe(addressBefore);
  await expectNoSeriousA11yIssues(page, 'booking in Spanish at 360 px');

  // Russian on the payment step: the same hold, the details typed stay.
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Contacto y pago' })).toBeVisible();
  const checkout = new URL(page.url()).searchParams.get('checkout');
  await page.getByLabel('Nombre').fill('Olga Petrova');
  await page.getByLabel('Correo electrónico').fill('olga@example.com');
  await header.getByRole('combobox', { name: 'Idioma' }).selectOption('ru');
  await expect(page.getByRole('heading', { name: 'Контакты и оплата' })).toBeVisible();
  await expect(page.getByLabel('Имя')).toHaveValue('Olga Petrova');
  await expect(page.getByLabel('E-mail')).toHaveValue('olga@example.com');
  expect(new URL(page.url()).searchParams.get('checkout')).toBe(checkout);
  await expectNoSeriousA11yIssues(page, 'payment step in Russian at 360 px');

  // The logo leads home.
  await header.getByRole('link', { name: 'AD Boat Rental' }).click();
  await expect(page).toHaveURL(/\/(\?.*)?$/);
});

test("the booking link shows the boat's title and the party in the viewer's language, and survives a reload", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { boatId, trip } = await freshTrip(request, 27);
  // Booked in English; read in Spanish, then in Russian.
  const id = await paidSharedBooking(request, {
    boatId,
    trip,
    seatPrice: 20,
    adults: 2,
    email: 'viewer@example.com',
  });
  await page.goto(confirmationPath(id, '&lng=es'));
  await expect(page.getByRole('heading', { name: 'Reserva confirmada' })).toBeVisible();
  await expect(page.getByText('Neumática Gigantes Explorer', { exact: true })).toBeVisible();
  await expect(page.getByText('2 adultos', { exact: true })).toBeVisible();
  await page.getByRole('banner').getByRole('combobox', { name: 'Idioma' }).selectOption('ru');
  await expect(page.getByRole('heading', { name: 'Бронирование подтверждено' })).toBeVisible();
  await expect(page.getByText('RIB Gigantes Explorer', { exact: true })).toBeVisible();
  await expect(page.getByText('2 взрослых', { exact: true })).toBeVisible();
  // The link named Spanish; the address now names the language chosen, so a reload keeps it.
  await expect(page).toHaveURL(/[?&]lng=ru(&|$)/);
  await page.reload();
  await expect(page.getByText('RIB Gigantes Explorer', { exact: true })).toBeVisible();
  await expect(page.getByTestId('ticket-card')).toHaveCount(2);
  await expectNoSeriousA11yIssues(page, 'confirmation in Russian at 360 px');
});
