// A hotel concierge sells a boat trip from a phone at 390 px: the admin has made the agent's
// account; the agent signs in and lands on its desk, sells two seats on today's shared trip for
// cash and reads the booking's reference and what to take; the customer's e-mail arrives with
// the tickets; the crew board both by typing their codes; the admin sees what the agent owes and
// records the cash it hands over.
import type { Browser, TestInfo } from '@playwright/test';
import { formatEuros } from '@boats/domain/money';
import { clientAddress, expect, test } from '../support/test';
import { E2E_BASE_URL } from '../support/server';
import { waitForMail } from '../support/inbox';
import { canaryDay, journeyBoat, sharedTrip, signInOn, staffHeaders } from '../support/operator';

const euros = (n: number) => formatEuros(n, 'en');

/** Another phone (the crew's, the admin's): its own session, the journey's address. */
async function anotherPhone(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    viewport: { width: 390, height: 844 },
    locale: 'en-GB',
    timezoneId: 'Atlantic/Canary',
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress(testInfo) },
  });
  return { context, page: await context.newPage() };
}

test('an agent sells two seats for cash at 390 px; crew board them; the admin records the settlement', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const admin = await staffHeaders(request);
  const boatTitle = `Agent Boat ${stamp}`;
  const boatId = await journeyBoat(request, admin, { title: boatTitle });
  // Later today (Canary time), so the desk's default day shows it; just before midnight, soon.
  const now = Date.now();
  const soon = canaryDay(new Date(now + 30 * 60_000)) === canaryDay(new Date(now)) ? 30 : 2;
  const trip = await sharedTrip(request, admin, boatId, { start: new Date(now + soon * 60_000) });
  const agentName = `Desk ${stamp}`;
  const agent = { email: `desk.${stamp}@example.com`, password: `agent-password-${stamp}` };
  const created = await request.post('/api/admin/agents', {
    headers: admin,
    data: { ...agent, name: agentName, commissionPercent: 10 },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const crew = { email: `deck.${stamp}@example.com`, password: `crew-password-${stamp}` };
  const crewRes = await request.post('/api/admin/staff', { headers: admin, data: { ...crew, role: 'crew' } });
  expect(crewRes.ok(), await crewRes.text()).toBe(true);

  // The agent signs in where the back office asks and lands on its desk.
  await page.setViewportSize({ width: 390, height: 844 });
  await signInOn(page, '/admin/trips', agent);
  await expect(page).toHaveURL(/\/admin\/desk$/);
  await expect(page.getByRole('heading', { name: 'Agent desk', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: new RegExp(boatTitle) }).click();
  const customer = { name: `Lena Desk ${stamp}`, email: `lena.${stamp}@example.com` };
  await page.getByLabel("Customer's name").fill(customer.name);
  await page.getByLabel('E-mail', { exact: true }).fill(customer.email);
  await expect(page.getByRole('radio', { name: 'Cash to me' })).toBeChecked();
  await page.getByRole('button', { name: 'Sell and take the cash' }).click();
  // Two adults, two hours at €20 a seat-hour.
  const price = 2 * 2 * trip.seatPrice;
  const sold = page.getByRole('status').filter({ hasText: 'Booking #' });
  await expect(sold).toContainText(`take ${euros(price)} in cash`);
  const ref = /#([0-9A-Z]+)/.exec((await sold.textContent()) ?? '')?.[1];
  expect(ref).toBeTruthy();
  // No page wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // My sales: the agent keeps 10 % and owes the rest.
  const owed = price * 0.9;
  const mine = page.getByRole('region', { name: 'My sales' });
  await expect(mine.getByRole('listitem', { name: `#${ref}` })).toContainText(customer.name);
  await expect(mine.getByText('Cash you owe').locator('..')).toContainText(euros(owed));

  // The customer's confirmation with both tickets.
  const mail = await waitForMail(customer.email, new RegExp(customer.name));
  const codes = [...new Set(mail.text.match(/TF-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{2}/g) ?? [])];
  expect(codes).toHaveLength(2);

  // The crew board both by typing their codes.
  const { context: crewContext, page: deck } = await anotherPhone(browser, testInfo);
  await signInOn(deck, `/admin/checkin?trip=${trip.slotId}`, crew);
  const result = deck.locator('[role="status"][aria-live="assertive"]');
  for (const [i, code] of codes.entries()) {
    if (i > 0) await deck.getByRole('button', { name: 'Scan next' }).click();
    await deck.getByLabel('Or type the ticket code').fill(code);
    await deck.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(result).toContainText('Boarded');
    await expect(result).toContainText(code);
  }
  await crewContext.close();

  // The admin sees what the agent owes and records the cash handed over.
  const { context: office, page: desk } = await anotherPhone(browser, testInfo);
  await signInOn(desk, '/admin/agents');
  const card = desk.getByRole('listitem', { name: agentName });
  await expect(card.getByText('Still owed').locator('..')).toContainText(euros(owed));
  await card.getByLabel('Note (optional)').fill('Envelope at reception');
  await card.getByRole('button', { name: 'Record the settlement' }).click();
  await card.getByRole('button', { name: 'Yes, record it' }).click();
  await expect(card.getByText(`${euros(owed)} recorded.`)).toBeVisible();
  await expect(card.getByText('Still owed').locator('..')).toContainText(euros(0));
  await expect(card.getByText('Handed over', { exact: true }).locator('..')).toContainText(euros(owed));
  // Received today, the day the form starts from: this month's figure counts it.
  await expect(card.getByText('Handed over this month').locator('..')).toContainText(euros(owed));
  await office.close();
});
