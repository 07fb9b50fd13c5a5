// Spec §8 errors on the public flow: payment-intent creation and confirm failures, with Back
// and Retry; and the same flow in Spanish.
import { expect, test } from '../support/test';
import {
  CARD_OK,
  addPassengers,
  boatByTitle,
  continueToPayment,
  dayKey,
  fillCard,
  fillContact,
  openBooking,
  pay,
  pickDay,
  pickStart,
  sharedTrip,
  tryContinue,
} from '../support/booking-helpers';

test('payment-intent failure, then a confirm failure with Back and a Retry that succeeds', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const boat = await boatByTitle(request, 'Gigantes Explorer');
  const trip = await sharedTrip(request, boat._id, 12, 2);
  await openBooking(page, boat._id);
  await page.getByRole('button', { name: 'Tickets' }).click();
  await pickDay(page, dayKey(trip.start));
  await pickStart(page, trip);
  await addPassengers(page, { adults: 2 });

  await page.route('**/api/boat/payment-intent', (route) => route.fulfill({ status: 503, body: '' }));
  await page.getByRole('button', { name: 'Continue' }).click();
  // A plain sentence first; the spec's text follows as the detail.
  await expect(page.getByRole('alert')).toHaveText(
    'We could not reserve this trip for you. Please try again. (PI create failed: 503)',
  );
  await page.unroute('**/api/boat/payment-intent');

  await continueToPayment(page);
  await fillContact(page);
  await fillCard(page, CARD_OK);
  await page.route('**/checkout/confirm?**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Upstream timeout"}' }),
  );
  await pay(page);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Your payment could not be confirmed yet.');
  await expect(alert).toContainText('error confirming payment: Confirm failed: 500 Upstream timeout');
  await expect(alert.getByRole('button', { name: 'Back' })).toBeVisible();
  await page.unroute('**/checkout/confirm?**');
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  await expect(page.getByTestId('ticket-card')).toHaveCount(2);
});

test('the flow speaks Spanish, with the passenger labels and blocker reasons translated', async ({
  page,
  request,
}) => {
  // The sunset cruise needs 4 paid seats and has no cutoff.
  const boat = await boatByTitle(request, 'San Miguel');
  const trip = await sharedTrip(request, boat._id, 13, 4, { unsold: true });
  await page.goto(`/booking/${boat._id}?lng=es`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reservar este barco' })).toBeVisible();
  await page.getByRole('button', { name: 'Billetes' }).click();
  await expect(page.getByRole('button', { name: 'Billetes' })).toHaveAttribute('aria-pressed', 'true');
  await tryContinue(page, 'es');
  await expect(page.locator('#booking-blockers li')).toContainText(['Elige una fecha.']);
  const key = dayKey(trip.start);
  if (key.slice(0, 7) !== dayKey(new Date()).slice(0, 7))
    await page.getByRole('button', { name: 'Mes siguiente' }).click();
  await page.locator(`[data-date="${key}"]`).click();
  await page.getByRole('group', { name: 'Hora de salida' }).getByRole('button').first().click();
  await page.getByRole('button', { name: 'Añadir uno: Adulto' }).click();
  await expect(page.locator('#booking-blockers li')).toHaveText([
    'Esta salida se realiza a partir de 4 plazas de pago y hay 0 reservadas: añade plazas de pago o elige otra salida.',
  ]);
  await expect(page.getByText('Niño de 6 a 12', { exact: true })).toBeVisible();
  await expect(page.getByText('Niño menor de 6 (gratis)', { exact: true })).toBeVisible();
});
