// Paying on a phone (360 px): the card fields open the numeric keypad with the right
// autocomplete, the expiry typed as bare digits becomes MM/YY, Pay says why it waits, and the
// payment goes through. The review shows the cancellation policy before paying.
import { expect, test } from '../support/test';
import { expectNoSeriousA11yIssues } from '../support/booking-axe';
import {
  addPassengers,
  boatByTitle,
  continueToPayment,
  dayKey,
  fillContact,
  openBooking,
  pay,
  pickDay,
  pickStart,
  sharedTrip,
} from '../support/booking-helpers';

test.use({ viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true });

test('expiry typed as digits on a numeric keypad pays', async ({ page, request }) => {
  test.setTimeout(120_000);
  const boat = await boatByTitle(request, 'Gigantes Explorer');
  const trip = await sharedTrip(request, boat._id, 12, 2);
  await openBooking(page, boat._id);
  await page.getByRole('button', { name: 'Tickets' }).click();
  await pickDay(page, dayKey(trip.start));
  await pickStart(page, trip);
  await addPassengers(page, { adults: 2 });
  await page.locator('summary', { hasText: 'Cancellation policy' }).click();
  await expect(page.getByText('Up to 48 hours before departure: 100 % back')).toBeVisible();
  await continueToPayment(page);
  await fillContact(page);

  const number = page.getByLabel('Card number');
  const expiry = page.getByLabel('Expiry (MM/YY)');
  const cvc = page.getByLabel('CVC');
  for (const [field, complete] of [
    [number, 'cc-number'],
    [expiry, 'cc-exp'],
    [cvc, 'cc-csc'],
  ] as const) {
    await expect(field).toHaveAttribute('inputmode', 'numeric');
    await expect(field).toHaveAttribute('autocomplete', complete);
  }
  const payButton = page.getByRole('button', { name: /^Pay / });
  await expect(payButton).toBeDisabled();
  await expect(page.getByTestId('pay-reasons')).toContainText('Enter the card number.');

  await number.pressSequentially('4242424242424242');
  await expect(number).toHaveValue('4242 4242 4242 4242');
  await expiry.pressSequentially('1234');
  await expect(expiry).toHaveValue('12/34');
  await expect(page.getByTestId('pay-reasons')).toHaveText('Enter the 3 or 4 digit security code.');
  await expect(payButton).toHaveAttribute('aria-describedby', 'pay-reasons');
  await cvc.pressSequentially('123');
  await expect(page.getByTestId('pay-reasons')).toHaveCount(0);
  await expect(page.locator('form').getByRole('link', { name: 'Terms and cancellation' })).toHaveAttribute(
    'href',
    '/legal/terms',
  );
  await expectNoSeriousA11yIssues(page, 'payment step at 360 px');
  await pay(page);
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  await expect(page.getByTestId('ticket-card')).toHaveCount(2);
});
