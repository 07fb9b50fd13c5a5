// A boat owner checks their money on a phone (issue 25): signs in, opens Earnings, and reads the
// balance and each booking's gross, refunds, net, fee and share as the API computes them from the
// ledger, in euros to the cent; downloads the month's statement (its columns sum to its totals,
// which are the screen's), opens it as an A4 page and opens the platform's commission
// invoice (number, IGIC and total as the API says, in the owner's language), whose VERI*FACTU QR
// code, read off the screen, is the AEAT's address with its billing record's values; then, as
// their accountant at the month's end, downloads every month's statement after the payouts ran and
// finds each bank transfer equal, to the cent, to the shares listed under its transfer id (issue
// 56). The admin runs payouts and sees every owner's payable balance go to zero.
import { readFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { docShot } from '../support/operator';
import { expect, test } from '../support/test';
import { formatEuros } from '@boats/domain/money';

const OWNER = { email: 'owner@adboatrental.example', password: 'boats-owner-2026' };

test.use({ viewport: { width: 390, height: 844 } });

test('an owner reads their balance and earnings booking by booking at 390 px', async ({ page, request }) => {
  const auth = await request.post('/user/auth', { data: OWNER });
  const { accessToken } = (await auth.json()) as { accessToken: string };
  const api = (await (
    await request.get('/api/owner/earnings', { headers: { authorization: `Bearer ${accessToken}` } })
  ).json()) as {
    balance: { payable: number; paidOut: number; earned: number };
    month: string;
    lines: { customerName: string; share: number }[];
  };
  expect(api.lines.length).toBeGreaterThan(0);

  await page.goto('/admin/trips');
  const signIn = page.getByRole('dialog', { name: 'Sign in' });
  await signIn.getByLabel('Email').fill(OWNER.email);
  await signIn.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(signIn).toBeHidden();
  await page.getByRole('navigation').getByRole('link', { name: 'Earnings' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Earnings and payouts' })).toBeVisible();
  await expect(page.getByTestId('balance-payable')).toHaveText(formatEuros(api.balance.payable, 'en'));
  await expect(page.getByTestId('balance-earned')).toHaveText(formatEuros(api.balance.earned, 'en'));
  const lines = page.getByRole('list', { name: 'Your earnings, booking by booking' }).getByRole('listitem');
  // The newest month's lines, every one (the API answers that month whole).
  await expect(page.getByRole('combobox', { name: 'Month' })).toHaveValue(api.month);
  await expect(lines).toHaveCount(api.lines.length);
  const newest = api.lines.at(-1)!;
  await expect(lines.filter({ hasText: newest.customerName }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Each booking shows what was paid, refunded and kept, and how it splits: gross − refunds = net
  // and fee + share = net, to the cent.
  const cents = (text: string) => {
    const [, sign, digits] = /(-?)€([\d,]+\.\d\d)/.exec(text) ?? [];
    return (sign ? -1 : 1) * Math.round(Number(digits!.replace(/,/g, '')) * 100);
  };
  const figuresOf = async (scope: Locator) =>
    Promise.all(
      ['gross', 'refunds', 'net', 'fee', 'share'].map(async (key) =>
        cents(await scope.getByTestId(`figure-${key}`).innerText()),
      ),
    );
  // A booking's line (the month may also hold the IGIC withheld by a commission invoice).
  const tripLine = lines.filter({ hasNotText: 'Commission invoice' }).first();
  const [gross, refunds, net, fee, share] = await figuresOf(tripLine);
  expect(gross! - refunds!).toBe(net);
  expect(fee! + share!).toBe(net);
  await tripLine.scrollIntoViewIfNeeded();
  await docShot(page, 'owner-earnings-390.png');

  // The month's statement: the CSV parses, and its totals are the ones on the screen.
  const totals = await figuresOf(page.getByTestId('month-totals'));
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: "Download the month's statement (CSV)" }).click();
  const file = await downloaded;
  expect(file.suggestedFilename()).toMatch(/^statement_\d{4}-\d{2}\.csv$/);
  const rows = readFileSync((await file.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(rows[0]).toBe(
    'trip date,time,reference,customer,invoice (issued by the platform),line,' +
      "sold by,seller's commission (EUR),gross paid (EUR)," +
      "of which paid by the platform (EUR),the owner's invoice to the platform for it," +
      'refunds (EUR),net paid (EUR),commission (%),platform fee (EUR),IGIC on the commission (EUR),' +
      "the platform's commission invoice,agent's commission invoiced to you (EUR)," +
      'your share (EUR),payout,payout date,transfer id',
  );
  const euros = (n: number) => (n / 100).toFixed(2);
  // Counted from the row's end: a customer's name may hold a comma (quoted), the amounts never do.
  const column = { gross: -14, refunds: -11, net: -10, fee: -8, igic: -7, share: -4 } as const;
  const total = rows.at(-1)!.split(',');
  expect(total[0]).toBe('total');
  // The screen's totals are the CSV's: gross, refunds, net, fee and share.
  expect(
    [column.gross, column.refunds, column.net, column.fee, column.share].map((i) => total.at(i)),
  ).toEqual(totals.map(euros));
  // Each amount column of the rows adds up to its total (the seller's commission and the agent's
  // commission invoiced too), and fee + IGIC + share = net.
  const body = rows.slice(1, -1).map((row) => row.split(','));
  for (const fromEnd of [-15, -14, -13, -11, -10, -8, -7, -5, -4]) {
    const sum = body.reduce((n, row) => n + Math.round(Number(row.at(fromEnd)) * 100), 0);
    expect(euros(sum), rows[0]!.split(',').at(fromEnd)).toBe(total.at(fromEnd));
  }
  const at = (i: number) => Math.round(Number(total.at(i)) * 100);
  expect(at(column.fee) + at(column.igic) + at(column.share)).toBe(at(column.net));
  const shown = page.getByRole('list', { name: 'Your earnings, booking by booking' }).getByRole('listitem');
  expect(rows).toHaveLength((await shown.count()) + 2);

  // The A4 statement of the same month: its total row says what the screen and the CSV say.
  await page.getByRole('link', { name: 'Printable statement (A4)' }).click();
  const total4 = page.getByTestId('statement-total').getByRole('cell');
  const onA4 = [
    at(column.gross),
    at(column.refunds),
    at(column.net),
    at(column.fee),
    at(column.igic),
    at(column.share),
  ];
  await expect(total4).toHaveText(['Total', ...onA4.map((n) => formatEuros(n / 100, 'en'))]);
  await expect(page.getByTestId('statement-lines').locator('tbody tr')).toHaveCount(rows.length - 2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await docShot(page, 'owner-statement-390.png', true);
  await page.getByRole('link', { name: 'Back to earnings' }).click();

  // The platform's commission invoice: the admin issues the last month that has ended, as the
  // monthly job does on the first of the next.
  const adminAuth = await request.post('/user/auth', {
    data: { email: 'admin@adboatrental.example', password: 'boats-demo-2026' },
  });
  const admin = {
    authorization: `Bearer ${((await adminAuth.json()) as { accessToken: string }).accessToken}`,
  };
  // It carries every fee earned before its end, the demo's trip of five weeks ago among them.
  const issued = await request.post('/api/admin/invoices/issue', { headers: admin, data: {} });
  expect(issued.ok(), await issued.text()).toBe(true);
  const owner = { authorization: `Bearer ${accessToken}` };
  const [listed] = (
    (await (await request.get('/api/owner/invoices', { headers: owner })).json()) as {
      invoices: { _id: string; kind: string; number: string }[];
    }
  ).invoices.filter((i) => i.kind === 'invoice');
  const invoice = (await (
    await request.get(`/api/owner/invoices/${listed!._id}`, { headers: owner })
  ).json()) as {
    number: string;
    language: 'en' | 'es';
    igic: number;
    igicPercent: number;
    total: number;
    base: number;
  };
  await page.reload();
  await page.getByRole('link', { name: `Invoice ${invoice.number}` }).click();
  await expect(page.getByTestId('invoice-number')).toHaveText(invoice.number);
  await expect(page.getByTestId('invoice-base')).toHaveText(formatEuros(invoice.base, invoice.language));
  await expect(page.getByTestId('invoice-igic')).toHaveText(formatEuros(invoice.igic, invoice.language));
  await expect(page.getByTestId('invoice-total')).toHaveText(formatEuros(invoice.total, invoice.language));
  expect(Math.round(invoice.base * 100) + Math.round(invoice.igic * 100)).toBe(
    Math.round(invoice.total * 100),
  );
  // The demo owner reads Spanish: the document is in their language, whoever opens it.
  await expect(page.getByRole('heading', { name: 'Factura', exact: true })).toBeVisible();
  await expect(page.getByText(`IGIC ${invoice.igicPercent} %`)).toBeVisible();

  // The VERI*FACTU QR code, read off the screen as a phone would, is the AEAT's address with the
  // issuer's NIF, the number, the date and the total of the invoice's billing record.
  const code = page.getByRole('img', {
    name: 'Código QR para verificar esta factura en la Agencia Tributaria (AEAT)',
  });
  const { data, info } = await sharp(await code.screenshot())
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const read = jsQR(new Uint8ClampedArray(data), info.width, info.height);
  const url = new URL(read!.data);
  // The seeded months issued many records before it: read the pages, newest first, until found.
  type Record = { kind: string; issuerNif: string; numSerie: string; issueDate: string; total: number };
  let record: Record | undefined;
  for (let cursor = ''; !record;) {
    const page = (await (
      await request.get(`/api/admin/invoicing/records?limit=500${cursor}`, { headers: admin })
    ).json()) as { records: Record[]; nextCursor: string | null };
    record = page.records.find((r) => r.kind === 'alta' && r.numSerie === invoice.number);
    if (!page.nextCursor) break;
    cursor = `&cursor=${page.nextCursor}`;
  }
  expect(record, `the billing record of ${invoice.number}`).toBeDefined();
  expect(`${url.origin}${url.pathname}`).toBe('https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR');
  expect(Object.fromEntries(url.searchParams)).toEqual({
    nif: record!.issuerNif,
    numserie: record!.numSerie,
    fecha: record!.issueDate,
    importe: record!.total.toFixed(2),
  });
  await expect(page.getByText('Factura verificable en la sede electrónica de la AEAT')).toBeVisible();
  await docShot(page, 'owner-invoice-390.png', true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The accountant's month end: the payouts are run, and each transfer the bank shows is, to the
  // cent, the sum of the shares the downloaded statements list under its transfer id, across the
  // months its lines were earned in (the commission's IGIC withheld among them).
  const run = await request.post('/api/admin/payouts/run', { headers: admin, data: {} });
  expect(run.ok(), await run.text()).toBe(true);
  const paid = (
    (await (await request.get('/api/owner/payouts', { headers: owner })).json()) as {
      payouts: { state: string; amount: number; transferId: string | null }[];
    }
  ).payouts.filter((p) => p.state === 'paid');
  expect(paid.length).toBeGreaterThan(0);
  await page.goto('/admin/earnings');
  const month = page.getByRole('combobox', { name: 'Month' });
  await expect(month).toBeVisible();
  const months = await month
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  const byTransfer = new Map<string, number>();
  // The documents the statement lines name: a booking's customer invoice the platform issued in
  // the owner's name (an IGIC line: the commission invoice that withheld it), and the platform's
  // commission document carrying a line's fee.
  const documentsNamed = new Set<string>();
  for (const m of months) {
    if ((await month.inputValue()) !== m) {
      await Promise.all([
        page.waitForResponse((r) => r.url().includes(`/api/owner/earnings?month=${m}`)),
        month.selectOption(m),
      ]);
    }
    await expect(month).toHaveValue(m);
    const next = page.waitForEvent('download');
    await page.getByRole('button', { name: "Download the month's statement (CSV)" }).click();
    const statement = readFileSync((await (await next).path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd();
    expect(statement.split('\r\n')[0]).toBe(rows[0]);
    for (const row of statement
      .split('\r\n')
      .slice(1, -1)
      .map((r) => r.split(','))) {
      for (const named of [row.at(-18), row.at(-6)]) if (named) documentsNamed.add(named);
      const transfer = row.at(-1)!;
      if (transfer)
        byTransfer.set(
          transfer,
          (byTransfer.get(transfer) ?? 0) + Math.round(Number(row.at(column.share)) * 100),
        );
    }
  }
  for (const payout of paid) {
    expect(byTransfer.get(payout.transferId!), payout.transferId!).toBe(Math.round(payout.amount * 100));
  }
  // Every document a statement names is one the owner can download: the customers' invoices
  // issued in their name and the platform's commission documents.
  const customerInvoices = (
    (await (await request.get('/api/owner/customer-invoices', { headers: owner })).json()) as {
      invoices: { _id: string; number: string; total: number }[];
    }
  ).invoices;
  const commissionDocuments = (
    (await (await request.get('/api/owner/invoices', { headers: owner })).json()) as {
      invoices: { number: string }[];
    }
  ).invoices;
  const downloadable = new Set([...customerInvoices, ...commissionDocuments].map((i) => i.number));
  expect([...documentsNamed].filter((number) => !downloadable.has(number))).toEqual([]);
  expect(customerInvoices.some((i) => documentsNamed.has(i.number))).toBe(true);
  expect(commissionDocuments.some((i) => documentsNamed.has(i.number))).toBe(true);
  // One of them opened as the accountant would print it: its number and total as listed.
  const named = customerInvoices.find((i) => documentsNamed.has(i.number))!;
  await page.goto(`/admin/earnings/customer-invoices/${named._id}`);
  await expect(page.getByText(named.number).first()).toBeVisible();
  await expect(page.getByText(formatEuros(named.total, 'en')).first()).toBeVisible();
});

test('the admin holds one owner, runs payouts, and the others are paid while the held balance stays', async ({
  page,
  request,
}) => {
  const auth = await request.post('/user/auth', {
    data: { email: 'admin@adboatrental.example', password: 'boats-demo-2026' },
  });
  const { accessToken } = (await auth.json()) as { accessToken: string };
  type Owners = { owners: { displayName: string; payable: number; isPlatform: boolean }[] };
  const owners = async () =>
    (
      (await (
        await request.get('/api/admin/payouts', { headers: { authorization: `Bearer ${accessToken}` } })
      ).json()) as Owners
    ).owners;
  const before = await owners();
  const held = before.find((o) => o.displayName === 'Anaga Sailing')!;

  await page.goto('/admin/earnings');
  const signIn = page.getByRole('dialog', { name: 'Sign in' });
  await signIn.getByLabel('Email').fill('admin@adboatrental.example');
  await signIn.getByLabel('Password', { exact: true }).fill('boats-demo-2026');
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(signIn).toBeHidden();

  const all = page.getByRole('list', { name: 'All owners' });
  const anaga = all.getByRole('listitem').filter({ hasText: 'Anaga Sailing' });
  await expect(anaga.getByTestId('owner-payable')).toHaveText(`${formatEuros(held.payable, 'en')} payable`);
  // The switch shows what the server keeps: it turns once the hold is saved.
  await anaga.getByLabel("Hold this owner's payouts").click();
  await expect(anaga.getByLabel("Hold this owner's payouts")).toBeChecked();
  await page.getByRole('button', { name: 'Run payouts now' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Payouts run:' })).toBeVisible();

  // The held owner keeps the balance; every other owner above the minimum is paid.
  const after = await owners();
  expect(after.find((o) => o.displayName === 'Anaga Sailing')!.payable).toBe(held.payable);
  for (const owner of after.filter((o) => !o.isPlatform && o.displayName !== 'Anaga Sailing')) {
    const was = before.find((o) => o.displayName === owner.displayName)!.payable;
    expect(owner.payable, owner.displayName).toBe(was >= 10 ? 0 : was);
  }
  await expect(anaga.getByTestId('owner-payable')).toHaveText(`${formatEuros(held.payable, 'en')} payable`);
  await anaga.getByLabel("Hold this owner's payouts").click();
  await expect(anaga.getByLabel("Hold this owner's payouts")).not.toBeChecked();

  // Released and run again: every owner's payable balance goes to zero on the screen.
  await page.getByRole('button', { name: 'Run payouts now' }).click();
  await expect(anaga.getByTestId('owner-payable')).toHaveText(`${formatEuros(0, 'en')} payable`);
  for (const owner of (await owners()).filter((o) => !o.isPlatform)) {
    const row = all.getByRole('listitem').filter({ hasText: owner.displayName });
    const was = before.find((o) => o.displayName === owner.displayName)!.payable;
    await expect(row.getByTestId('owner-payable')).toHaveText(
      `${formatEuros(was >= 10 ? 0 : was, 'en')} payable`,
    );
  }
});
