// A customer whose trip was canceled for the weather with a choice opens their booking on a phone
// (issue 31, item 5): the choice comes first, above the void tickets; a move is asked once more
// before it is made, and the booking moves to the other trip.
import { expect, test } from '../support/test';
import { adminToken, bookingNumber, openSharedTrip, paidSharedBooking } from '../support/api-booking';
import { journeyBoat } from '../support/operator';

test.use({ viewport: { width: 390, height: 844 } });

test('the choice after a weather cancellation comes first and is confirmed before the move', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await adminToken(request);
  const headers = { authorization: `Bearer ${admin}` };
  const boatId = await journeyBoat(request, headers, { title: `E2E Choice ${Date.now().toString(36)}` });
  const canceled = await openSharedTrip(request, admin, boatId, 50, 20);
  const other = await openSharedTrip(request, admin, boatId, 80, 20);
  const email = `choice.${Date.now().toString(36)}@example.com`;
  const id = await paidSharedBooking(request, { boatId, trip: canceled, seatPrice: 20, adults: 2, email });
  const cancel = await request.post(`/api/admin/trips/${canceled._id}/cancel`, {
    headers,
    data: { reasonCode: 'swell', note: 'Strong swell', offer: 'choice' },
  });
  expect(cancel.ok(), await cancel.text()).toBe(true);
  const found = await request.post('/api/bookings/lookup', { data: { reference: bookingNumber(id), email } });
  const { token } = (await found.json()) as { token: string };

  await page.goto(`/booking/manage?booking=${id}&token=${token}`);
  const choice = page.getByRole('region', { name: 'Your trip was canceled: choose what happens next' });
  await expect(choice).toBeInViewport();
  // The standard reason, in the customer's language; the operator's note is not shown.
  await expect(choice).toContainText('Reason: Heavy swell.');
  await expect(choice).not.toContainText('Strong swell');
  // The choice is above the booking and its (void) tickets.
  const choiceTop = (await choice.boundingBox())!.y;
  const ticketsTop = (await page
    .getByRole('heading', { name: /ticket/i })
    .first()
    .boundingBox())!.y;
  expect(choiceTop).toBeLessThan(ticketsTop);

  // The boat's own other trip (other owners' boats from the harbour are offered beside it).
  await choice
    .getByRole('listitem')
    .filter({ hasNotText: 'On another boat' })
    .getByRole('button', { name: 'Move to this trip' })
    .click();
  const asked = page.getByRole('alertdialog');
  await expect(asked).toContainText('Move your booking to the trip on');
  await asked.getByRole('button', { name: 'Yes, do it' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your booking is moved to' })).toBeVisible();
  const moved = (await (await request.get(`/checkout/booking/${id}?token=${token}`)).json()) as {
    booking: { start: string };
  };
  expect(moved.booking.start).toBe(other.start);
});
