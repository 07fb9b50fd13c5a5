// A family phones the harbour at 390 px: the crew books them from the trip's manifest and, as
// they will pay later, sends them a payment link holding the seats for 6 hours. Nothing is on
// the manifest yet; the family opens the link from the e-mail (in Spanish, their language), sees
// the trip, the people, the price and until when the seats are held, pays with the sandbox card
// and gets their tickets; the manifest then lists them with their tickets, paid.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/test';
import { adminToken, openSharedTrip } from '../support/api-booking';
import { formatEuros } from '@boats/domain/money';
import { boatByTitle, CARD_OK, euros, fillCard, pay } from '../support/booking-helpers';
import { waitForMail } from '../support/inbox';

const SEAT_PRICE = 20;

test('crew sends a payment link to a walk-in family, who pay by card, and the manifest lists them', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const token = await adminToken(request);
  const admin = { authorization: `Bearer ${token}` };
  // A day and more ahead: the 6 hours held end long before it leaves.
  const boat = await boatByTitle(request, 'Gigantes Explorer');
  const trip = await openSharedTrip(request, token, boat._id, 30, SEAT_PRICE);
  const crew = { email: `link.${stamp}@example.com`, password: `crew-password-${stamp}` };
  const crewRes = await request.post('/api/admin/staff', { headers: admin, data: { ...crew, role: 'crew' } });
  expect(crewRes.ok(), await crewRes.text()).toBe(true);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/trips/${trip._id}`);
  const signIn = page.getByRole('dialog', { name: 'Sign in' });
  await signIn.getByLabel('Email').fill(crew.email);
  await signIn.getByLabel('Password', { exact: true }).fill(crew.password);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(signIn).toBeHidden();

  await page.getByRole('button', { name: 'Book a walk-in customer' }).click();
  const form = page.getByRole('dialog', { name: 'Book a walk-in or phone customer' });
  await form.getByLabel('Adults').fill('2');
  await form.getByLabel('Children 6–12').fill('1');
  await form.getByLabel('Children under 6').fill('1');
  const family = { name: `Familia Enlace ${stamp}`, email: `enlace.${stamp}@example.com` };
  await form.getByLabel('Name').fill(family.name);
  await form.getByLabel('Phone').fill('+34 600 555 222');
  await form.getByLabel('Language of tickets and e-mails').selectOption('es');
  await form.getByRole('radio', { name: 'Send a payment link' }).check();
  // A link needs the address it goes to: the form says so before anything is booked.
  await form.getByRole('button', { name: 'Book and send the payment link' }).click();
  await expect(form.getByLabel('E-mail', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('E-mail', { exact: true }).fill(family.email);
  await form.getByLabel('Hold the seats for').selectOption({ label: '6 hours' });
  // Thirty hours ahead: nothing cut short.
  await expect(form.getByText(/held only until/)).toHaveCount(0);
  expect((await new AxeBuilder({ page }).include('dialog[open]').analyze()).violations).toEqual([]);
  await form.getByRole('button', { name: 'Book and send the payment link' }).click();

  // 2 hours: adults 2 × €40, the child 6–12 €20, the child under 6 free.
  const price = 2 * SEAT_PRICE * 2 + SEAT_PRICE;
  const status = form.getByRole('status');
  await expect(status).toContainText(`(${formatEuros(price, 'en')}) is held until`);
  await expect(status).toContainText(family.email);
  await form.getByRole('button', { name: 'Done' }).click();
  // Held, not paid: the manifest does not list them yet.
  await expect(page.getByText(family.name)).toHaveCount(0);

  // The family's e-mail, in Spanish, with the link.
  const mail = await waitForMail(family.email, /Pagar con tarjeta/);
  expect(mail.text).toContain('Te las guardamos hasta las');
  const link = /http:\/\/\S+\/pay\?booking=\S+/.exec(mail.text)![0];

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay for your trip' })).toBeVisible();
  await expect(page.getByText('2 adults, 1 child aged 6–12, 1 child under 6')).toBeVisible();
  await expect(page.getByText(/^Your places are held until \d\d:\d\d on /)).toBeVisible();
  await expect(page.getByTestId('payment-total')).toHaveText(euros(price));
  // The details the crew took are filled in already.
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(family.email);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await fillCard(page, CARD_OK);
  await pay(page);
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  await expect(page.getByTestId('ticket-card')).toHaveCount(4);
  const confirmation = await waitForMail(family.email, /TF-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{2}/);
  expect(confirmation.text).toContain(family.name);

  // The link now says it is paid and offers nothing to pay.
  await page.goto(link);
  await expect(page.getByText('This booking is paid.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See the booking and tickets' })).toBeVisible();
  await expect(page.getByTestId('payment-total')).toHaveCount(0);

  // The crew's manifest lists the family with their tickets.
  await page.goto(`/admin/trips/${trip._id}`);
  const passengers = page.getByRole('list', { name: 'Passengers' });
  await expect(passengers).toContainText(family.name);
  await expect(passengers.getByText('not boarded')).toHaveCount(4);
});
