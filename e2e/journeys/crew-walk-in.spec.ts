// A family walks up to the harbour at 390 px: the crew opens the trip's manifest, books them
// (2 adults, a child 6–12, a child under 6), takes cash, sees them on the manifest, and the
// day's cash total on the trips screen shows the money for the hand-over. The family gets the
// confirmation e-mail with their tickets like any customer.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/test';
import { adminToken, openSharedTrip } from '../support/api-booking';
import { formatEuros } from '@boats/domain/money';
import { boatByTitle } from '../support/booking-helpers';
import { waitForMail } from '../support/inbox';

const SEAT_PRICE = 20;
/** Back-office amounts: to the cent in the reader's language, here English (domain formatEuros). */
const adminEuros = (n: number) => formatEuros(n, 'en');

test('crew books a walk-in family for cash and the day’s cash total shows it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const token = await adminToken(request);
  const admin = { authorization: `Bearer ${token}` };
  // Its minimum to depart is 2 paid seats: the family alone makes the trip. A day and more ahead,
  // so the minimum's cutoff (12 h before) is still to come.
  const boat = await boatByTitle(request, 'Gigantes Explorer');
  const trip = await openSharedTrip(request, token, boat._id, 30, SEAT_PRICE);
  const crew = { email: `pier.${stamp}@example.com`, password: `crew-password-${stamp}` };
  const crewRes = await request.post('/api/admin/staff', {
    headers: admin,
    data: { ...crew, role: 'crew' },
  });
  expect(crewRes.ok(), await crewRes.text()).toBe(true);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Atlantic/Canary' }).format(new Date());
  const cashBefore = async () => {
    const res = await request.get(`/api/crew/trips?date=${today}`, { headers: admin });
    const body = (await res.json()) as { takings: { method: string; amount: number; payments: number }[] };
    return body.takings.find((x) => x.method === 'cash') ?? { amount: 0, payments: 0 };
  };
  const before = await cashBefore();

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
  // Nobody to reach: the form says what is missing before anything is booked.
  await form.getByRole('button', { name: 'Book and record the payment' }).click();
  await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  const family = { name: `Familia Walk-in ${stamp}`, email: `walkin.${stamp}@example.com` };
  await form.getByLabel('Name').fill(family.name);
  await form.getByLabel('Phone').fill('+34 600 555 111');
  await form.getByLabel('E-mail', { exact: true }).fill(family.email);
  await form.getByLabel('Language of tickets and e-mails').selectOption('es');
  await expect(form.getByRole('radio', { name: 'Cash' })).toBeChecked();
  expect((await new AxeBuilder({ page }).include('dialog[open]').analyze()).violations).toEqual([]);
  await form.getByRole('button', { name: 'Book and record the payment' }).click();

  // 2 hours: adults 2 × €40, the child 6–12 €20, the child under 6 free.
  const price = 2 * SEAT_PRICE * 2 + SEAT_PRICE;
  await expect(form.getByRole('status')).toContainText(`(Cash, ${adminEuros(price)})`);
  await form.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('list', { name: 'Passengers' })).toContainText(family.name);

  await page.goto('/admin/trips');
  const takings = page.getByRole('region', { name: 'Taken in person this day' });
  const cash = takings.locator('div', { hasText: 'Cash' });
  await expect(cash).toContainText(adminEuros(before.amount + price));
  await expect(cash).toContainText(`(${before.payments + 1} payment`);

  const mail = await waitForMail(family.email, /Familia Walk-in/);
  expect(mail.text).toMatch(/TF-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{2}/);
});
