// The platform admin on a phone (issues 38, 54): the local fake AEAT accepts with errors the
// record of the commission invoice to Volkov Boats (its census does not know their NIE, 2001:
// FAKE_AEAT_UNKNOWN_NIFS, support/start-servers.js); the admin opens "Invoicing records", sees the
// record as an alert with the AEAT's code and text, corrects the record as it is (the dialog takes
// no recipient, and says where it is changed: the NIE goes as not censused), and the record shows
// as corrected by the new one. Volkov's right tax id is another: the admin changes the recipient
// from the correction's record, a tax id that is not one refused on its field, and the rectifying
// invoice by substitution shows in the records.
import { expect, test } from '../support/test';

const ADMIN = { email: 'admin@adboatrental.example', password: 'boats-demo-2026' };
const VOLKOV_NIE = 'Y1234567X';

test.use({ viewport: { width: 390, height: 844 } });

type RecordView = {
  _id: string;
  numSerie: string;
  recipient: { taxId: string } | null;
  correctsRecordId: string | null;
};

test('the admin corrects a record the AEAT accepted with errors, then changes its recipient by a rectifying invoice, at 390 px', async ({
  page,
  request,
}) => {
  // The records may wait up to the 60 s the fake AEAT's last answer asked for (another journey's).
  test.setTimeout(120_000);
  const auth = await request.post('/user/auth', { data: ADMIN });
  const headers = { authorization: `Bearer ${((await auth.json()) as { accessToken: string }).accessToken}` };
  // The last month that has ended is invoiced (the default: it carries every fee earned before
  // its end, the demo's trip of five weeks ago among them; the month under way waits for its end);
  // the sender takes the records to the fake AEAT within seconds, after the wait its last answer
  // asked for.
  const issued = await request.post('/api/admin/invoices/issue', { headers, data: {} });
  expect(issued.ok(), await issued.text()).toBe(true);
  const toCorrectOfVolkov = async () =>
    (
      (await (await request.get('/api/admin/invoicing/records', { headers })).json()) as {
        acceptedWithErrors: RecordView[];
      }
    ).acceptedWithErrors.filter((r) => r.recipient?.taxId === VOLKOV_NIE);
  await expect.poll(async () => (await toCorrectOfVolkov()).length, { timeout: 75_000 }).toBeGreaterThan(0);
  const [rejected] = await toCorrectOfVolkov();

  await page.goto('/admin/invoicing');
  const signIn = page.getByRole('dialog', { name: 'Sign in' });
  await signIn.getByLabel('Email').fill(ADMIN.email);
  await signIn.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(signIn).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Invoicing records' })).toBeVisible();

  const alert = page.getByRole('alert');
  await expect(alert).toContainText(/\d+ records? accepted with errors by the AEAT/);
  await expect(alert).toContainText(rejected!.numSerie);
  await expect(alert).toContainText(
    "AEAT's answer: 2001 El NIF del bloque Destinatarios no está identificado en el censo de la AEAT.",
  );
  await expect(page.getByText(/^(All \d+ records verify|1 record verifies)$/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await alert
    .getByRole('button', { name: `Correct ${rejected!.numSerie}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: `Correct record ${rejected!.numSerie}` });
  // Nothing to type: the correction sends the invoice as it is, and says where the recipient changes.
  await expect(dialog.getByRole('textbox')).toHaveCount(0);
  await expect(dialog).toContainText('identified as not registered in the census');
  await expect(dialog).toContainText(`“Change the recipient of ${rejected!.numSerie}…”`);
  await dialog.getByRole('button', { name: 'Send the correction' }).click();
  await expect(dialog).toBeHidden();

  const row = page.locator(`#record-${rejected!._id}`);
  await expect(row).toContainText('Corrected');
  await expect(
    row.getByRole('link', { name: new RegExp(`^Corrected by ${rejected!.numSerie}`) }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: `Correct ${rejected!.numSerie}` })).toHaveCount(0);

  // The right tax id: a rectifying invoice by substitution, from the correction's record.
  const { records } = (await (await request.get('/api/admin/invoicing/records', { headers })).json()) as {
    records: RecordView[];
  };
  const correction = records.find((r) => r.correctsRecordId === rejected!._id)!;
  await page
    .locator(`#record-${correction._id}`)
    .getByRole('button', { name: `Change the recipient of ${rejected!.numSerie}…` })
    .click();
  const change = page.getByRole('dialog', { name: `Change the recipient of ${rejected!.numSerie}` });
  await expect(change).toContainText('A rectifying invoice by substitution is issued');
  await expect(change.getByLabel("Recipient's tax id")).toHaveValue(VOLKOV_NIE);
  await change.getByLabel("Recipient's tax id").fill('Y1234567Z');
  await change.getByLabel("Recipient's address").fill('Calle La Marina 5, 38001 Santa Cruz de Tenerife');
  await change.getByRole('button', { name: 'Issue the rectifying invoice' }).click();
  await expect(
    change.getByText('Enter a Spanish NIF, NIE or CIF (with its check character) or an EU VAT number'),
  ).toBeVisible();
  await change.getByLabel("Recipient's tax id").fill('B38765434');
  const substituted = page.waitForResponse(
    (r) => r.url().endsWith('/recipient') && r.request().method() === 'POST',
  );
  await change.getByRole('button', { name: 'Issue the rectifying invoice' }).click();
  const answer = (await (await substituted).json()) as { number: string; rectifies: string };
  expect(answer.rectifies).toBe(rejected!.numSerie);
  await expect(change).toBeHidden();
  const substitution = page.getByRole('row').filter({ hasText: answer.number });
  await expect(substitution).toContainText('R1 · rectifying invoice');
  await expect(
    substitution.getByRole('button', { name: `Change the recipient of ${answer.number}…` }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
