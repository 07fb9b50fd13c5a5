// A charter of 3 hours over three contiguous one-hour slots for a party of 3; the slider cannot
// go past the chain of free slots, the booking ends 3 hours after its start, in Canary time, and
// the party gets one boarding pass; the back office sees the 3 people.
import { expect, test } from '../support/test';
import { expectNoSeriousA11yIssues } from '../support/booking-axe';
import {
  CARD_OK,
  boatByTitle,
  continueToPayment,
  dayKey,
  euros,
  fillCard,
  fillContact,
  openBooking,
  pay,
  pickDay,
  pickStart,
  slotsAhead,
  timeLabel,
  tryContinue,
  type WireSlot,
} from '../support/booking-helpers';

function chainFrom(slots: WireSlot[], first: WireSlot): WireSlot[] {
  const chain = [first];
  for (;;) {
    const last = chain[chain.length - 1]!;
    const next = slots.find((s) => s.start === last.end && s.isOpen && s.available !== false);
    if (!next) return chain;
    chain.push(next);
  }
}

test('charter of 3 hours on a chain of slots; the slider stops at the end of the chain', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const boat = await boatByTitle(request, 'Sea Breeze');
  const { private: slots } = await slotsAhead(request, boat._id, 3);
  // A start whose chain of free slots is exactly 3 hours long (the last three hours of a day).
  const start = slots.find((s) => s.isOpen && s.available !== false && chainFrom(slots, s).length === 3);
  if (!start) throw new Error('No 3-hour chain found');
  const end = new Date(Date.parse(start.start) + 3 * 3_600_000);

  await openBooking(page, boat._id);
  await expect(page.getByRole('button', { name: 'Charter' })).toHaveAttribute('aria-pressed', 'true');
  await pickDay(page, dayKey(start.start));
  await pickStart(page, start);

  const slider = page.getByRole('slider', { name: 'Duration' });
  await expect(slider).toHaveAttribute('max', '3');
  await expect(page.getByTestId('duration-value')).toHaveText('2 hours');
  // Keyboard: End goes to the maximum, and a further arrow cannot pass it.
  await slider.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveValue('3');
  await expect(page.getByTestId('duration-value')).toHaveText('3 hours');
  await expect(page.getByTestId('review-when')).toContainText(`${timeLabel(start.start)}–${timeLabel(end)}`);
  await expect(page.getByTestId('review-total')).toHaveText(euros(3 * 180));

  // Who is coming: Continue waits for an adult; the price does not change with the party.
  await tryContinue(page);
  await expect(page.locator('[data-code="noAdult"]')).toBeVisible();
  const party = page.getByRole('group', { name: 'Who is coming' });
  await party.getByRole('button', { name: 'Add one: Adult' }).click();
  await party.getByRole('button', { name: 'Add one: Adult' }).click();
  await party.getByRole('button', { name: 'Add one: Child 6–12' }).click();
  await expect(page.getByText('2 adults, 1 child 6–12')).toBeVisible();
  await expect(page.getByTestId('review-total')).toHaveText(euros(3 * 180));

  await continueToPayment(page);
  await fillContact(page, 'Marta Charter', 'marta.charter@example.com');
  await page.getByLabel('Phone').fill('+34 600 123 456');
  // Above 400 € the invoice names the customer: the address is asked, and Pay says why it waits.
  await expect(page.getByText('Above €400 your invoice is a full invoice')).toBeVisible();
  await page.getByLabel('Postal address').fill('Calle La Hoya 5, 38650 Los Cristianos');
  await fillCard(page, CARD_OK);
  const confirmed = page.waitForResponse((r) => new URL(r.url()).pathname === '/checkout/confirm');
  // The confirm call answers the paid booking: the page shows it without asking for it again
  // (it reads only the booking's invoices, which the confirm call does not carry).
  const bookingReads: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/checkout/booking/') && !path.endsWith('/invoices') && r.method() === 'GET')
      bookingReads.push(r.url());
  });
  await pay(page);
  const bookingId = ((await (await confirmed).json()) as { booking: { booking: { _id: string } } }).booking
    .booking._id;
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  expect(bookingReads).toEqual([]);
  await expect(page.getByTestId('booking-when')).toContainText(`${timeLabel(start.start)}–${timeLabel(end)}`);
  await expect(page.getByTestId('booking-total')).toHaveText(euros(540));
  await expect(page.getByTestId('ticket-card')).toHaveCount(1);
  await expect(page.getByTestId('ticket-card')).toContainText('Boarding pass · 3 people');
  await expect(page.getByRole('img', { name: /QR code of ticket TF-/ })).toBeVisible();

  // The back office counts the party.
  const auth = await request.post('/user/auth', {
    data: { email: 'admin@adboatrental.example', password: 'boats-demo-2026' },
  });
  const { accessToken } = (await auth.json()) as { accessToken: string };
  const admin = await request.get(`/api/admin/bookings/${bookingId}`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(await admin.json()).toMatchObject({
    people: 3,
    passengers: { adults: 2, child_u13: 1, child_u6: 0 },
  });

  // The three hours are gone for the next visitor.
  const after = await slotsAhead(request, boat._id, 3);
  const taken = after.private.filter(
    (s) => Date.parse(s.start) >= Date.parse(start.start) && Date.parse(s.start) < end.getTime(),
  );
  expect(taken.map((s) => s.available)).toEqual([false, false, false]);
  await expectNoSeriousA11yIssues(page, 'charter confirmation');
});
