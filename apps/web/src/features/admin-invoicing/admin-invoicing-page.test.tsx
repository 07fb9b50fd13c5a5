// What the admin sees on the invoicing records page and does there: a rejected record heads the
// page as an alert with the AEAT's code and text; correcting it resends the invoice as it is (the
// dialog says that the recipient's data is changed by a rectifying invoice, and where) and the
// alert goes; the chain check's result; each record's AEAT state with its "corrects" /
// "corrected by" links; a company's full invoice cancelled as issued by mistake; a document's
// recipient changed by a rectifying invoice by substitution; the month's XML downloaded for an
// issuer and a month.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  BillingRecordsResponse,
  DeclarationResponse,
  BillingRecordView,
  ChainCheckResponse,
} from '@boats/domain/schemas/invoicing';
import { MemoryRouter } from 'react-router-dom';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { InvoicingScreen } from './admin-invoicing-page';

beforeAll(setupTestI18n);
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const record = (over: Partial<BillingRecordView>): BillingRecordView => ({
  _id: id(1),
  issuerNif: 'B76543217',
  issuerName: 'AD Boat Rental S.L.',
  position: 1,
  kind: 'alta',
  numSerie: '2027-000001',
  issueDate: '01-02-2027',
  invoiceType: 'F1',
  rectificationType: null,
  total: 32.1,
  hash: 'A'.repeat(64),
  generatedAt: '2027-02-01T01:00:00+00:00',
  recipient: { name: 'Marlin Charters S.L.', taxId: 'B12345674' },
  correctsRecordId: null,
  correctedByRecordId: null,
  documentKind: 'commission_invoice',
  documentId: id(900),
  cancelledByRecordId: null,
  state: 'accepted',
  errorCode: null,
  errorText: null,
  sentAt: '2027-02-01T01:00:10.000Z',
  answeredAt: '2027-02-01T01:00:11.000Z',
  ...over,
});

const rejected = record({
  _id: id(2),
  position: 2,
  numSerie: '2027-000002',
  recipient: { name: 'Teide Mar S.L.', taxId: 'B12345674' },
  state: 'rejected',
  errorCode: 1109,
  errorText: 'El NIF no está identificado en el censo de la AEAT.',
});

const declaration: DeclarationResponse = {
  title: 'DECLARACIÓN RESPONSABLE DEL SISTEMA INFORMÁTICO DE FACTURACIÓN',
  items: [
    { letter: 'a', label: 'Nombre del sistema informático', value: 'Tenerife Boats' },
    { letter: 'l', label: 'Fecha y lugar de suscripción', value: 'Pendiente de firma' },
  ],
  signed: false,
};

/**
 * The invoicing API in memory: the list a page at a time (`pageSize` records, newest first), the
 * chain check, corrections and the export.
 */
function fakeInvoicingApi(
  chain: ChainCheckResponse = { ok: true, total: 2, issuers: [] },
  {
    older = [] as BillingRecordView[],
    pageSize = 100,
    stuck = [] as BillingRecordsResponse['stuck'],
    held = [] as BillingRecordsResponse['held'],
  } = {},
) {
  let records: BillingRecordView[] = [rejected, record({}), ...older];
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      const correction = record({
        _id: id(3),
        position: 3,
        numSerie: rejected.numSerie,
        recipient: rejected.recipient,
        correctsRecordId: rejected._id,
        state: 'pending',
      });
      records = [
        correction,
        { ...rejected, state: 'corrected', correctedByRecordId: correction._id },
        record({}),
      ];
      return Promise.resolve(json(200, correction));
    }
    if (url.startsWith('/api/admin/invoicing/chain-check')) return Promise.resolve(json(200, chain));
    if (url.startsWith('/api/admin/invoicing/declaration')) return Promise.resolve(json(200, declaration));
    if (url.startsWith('/api/admin/invoicing/export')) {
      // March has 1,001 records: two messages of the AEAT, so two files.
      const query = new URL(url, 'http://test').searchParams;
      const month = query.get('month')!;
      const parts = month === '2027-03' ? 2 : 1;
      const name =
        parts === 1
          ? `verifactu-B76543217-${month}.xml`
          : `verifactu-B76543217-${month}-part-${query.get('part') ?? 1}-of-${parts}.xml`;
      return Promise.resolve(
        new Response('<xml/>', {
          status: 200,
          headers: {
            'content-disposition': `attachment; filename="${name}"`,
            'x-export-parts': String(parts),
          },
        }),
      );
    }
    const cursor = new URL(url, 'http://test').searchParams.get('cursor');
    const from = cursor ? records.findIndex((r) => r._id === cursor) + 1 : 0;
    const page = records.slice(from, from + pageSize);
    const answer: BillingRecordsResponse = {
      records: page,
      nextCursor: from + pageSize < records.length ? page.at(-1)!._id : null,
      rejected: records.filter((r) => r.state === 'rejected'),
      acceptedWithErrors: records.filter((r) => r.state === 'accepted_with_errors'),
      stuck,
      held,
      issuers: [
        { nif: 'B76543217', name: 'AD Boat Rental S.L.' },
        { nif: 'B38333337', name: 'Tejita Charters S.L.' },
      ],
    };
    return Promise.resolve(json(200, answer));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The names of the files the page saves (each through a link's click). */
function savedFiles(): string[] {
  const saved: string[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

function renderPage() {
  render(
    <MemoryRouter>
      <WithQueryClient>
        <InvoicingScreen />
      </WithQueryClient>
    </MemoryRouter>,
  );
}

describe('the invoicing records page', () => {
  it('alerts a rejected record with the AEAT’s answer, corrects it, and the alert goes', async () => {
    const user = userEvent.setup();
    const fetch = fakeInvoicingApi();
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('1 record rejected by the AEAT');
    expect(alert.textContent).toContain('2027-000002');
    expect(alert.textContent).toContain('Recipient: Teide Mar S.L. (B12345674)');
    expect(alert.textContent).toContain(
      "AEAT's answer: 1109 El NIF no está identificado en el censo de la AEAT.",
    );
    expect(await screen.findByText('All 2 records verify')).toBeTruthy();

    await user.click(within(alert).getByRole('button', { name: 'Correct 2027-000002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct record 2027-000002' });
    // No recipient to type: the correction says what the invoice says, and the dialog says where
    // the recipient's data is changed instead.
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(dialog.textContent).toContain('A correction never changes the recipient');
    expect(dialog.textContent).toContain(
      'issue a rectifying invoice by substitution with “Change the recipient of 2027-000002…”',
    );
    expect(dialog.textContent).not.toContain('not registered in the census');
    await user.click(within(dialog).getByRole('button', { name: 'Send the correction' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    const sent = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(sent[0]).toBe(`/api/admin/invoicing/records/${rejected._id}/correction`);
    expect(JSON.parse(sent[1]!.body as string)).toEqual({});

    // The list: the correction waiting, linked both ways with the record it corrects.
    const rows = within(await screen.findByRole('table', { name: 'Records' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[4]!.textContent)).toEqual([
      // The standing record of a document naming its recipient offers its change.
      'WaitingCorrects 2027-000002 (#2)Change the recipient of 2027-000002…',
      'CorrectedCorrected by 2027-000002 (#3)',
      'AcceptedChange the recipient of 2027-000001…',
    ]);
    expect(
      within(rows[1]!).getByRole('link', { name: 'Corrected by 2027-000002 (#3)' }).getAttribute('href'),
    ).toBe(`#record-${id(3)}`);
    expect(rows[1]!.id).toBe(`record-${id(2)}`);
  });

  it('alerts apart a record the AEAT accepted with errors (2001), which it holds and asks to correct', async () => {
    const withErrors = record({
      _id: id(9),
      position: 9,
      numSerie: '2027-000009',
      recipient: { name: 'Anaga Tours S.L.', taxId: 'B38000006' },
      state: 'accepted_with_errors',
      errorCode: 2001,
      errorText: 'El NIF del bloque Destinatarios no está identificado en el censo de la AEAT.',
    });
    fakeInvoicingApi(undefined, { older: [withErrors] });
    renderPage();
    await screen.findByText('All 2 records verify');
    const [rejectedAlert, withErrorsAlert] = screen.getAllByRole('alert');
    expect(rejectedAlert!.textContent).toContain('1 record rejected by the AEAT');
    expect(rejectedAlert!.textContent).not.toContain('2027-000009');
    expect(withErrorsAlert!.textContent).toContain('1 record accepted with errors by the AEAT');
    expect(withErrorsAlert!.textContent).toContain(
      'The AEAT holds these records but asks for their correction.',
    );
    expect(withErrorsAlert!.textContent).toContain(
      "AEAT's answer: 2001 El NIF del bloque Destinatarios no está identificado en el censo de la AEAT.",
    );
    await userEvent
      .setup()
      .click(within(withErrorsAlert!).getByRole('button', { name: 'Correct 2027-000009' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct record 2027-000009' });
    expect(dialog.textContent).toContain(
      'the record is sent again with the recipient identified as not registered in the census',
    );
  });

  it('shows the software’s declaración responsable in Spanish, and that it awaits signing', async () => {
    fakeInvoicingApi();
    renderPage();
    expect(await screen.findByText(/This version's declaration is not signed yet/)).toBeTruthy();
    await userEvent.setup().click(screen.getByText('Read the declaration'));
    const shown = screen.getByTestId('declaration');
    expect(shown.getAttribute('lang')).toBe('es');
    expect(shown.textContent).toContain('DECLARACIÓN RESPONSABLE DEL SISTEMA INFORMÁTICO DE FACTURACIÓN');
    expect(shown.textContent).toContain('a) Nombre del sistema informáticoTenerife Boats');
  });

  it('says where a chain breaks', async () => {
    fakeInvoicingApi({
      ok: false,
      total: 2,
      issuers: [
        {
          issuerNif: 'B76543217',
          ok: false,
          count: 2,
          position: 2,
          reason: 'the hash does not match the record’s fields',
        },
      ],
    });
    renderPage();
    const check = await screen.findByTestId('chain-check');
    await waitFor(() =>
      expect(check.textContent).toContain(
        'B76543217: breaks at record 2 (the hash does not match the record’s fields)',
      ),
    );
  });

  it('downloads an issuer’s month as the AEAT’s XML once both are chosen', async () => {
    const user = userEvent.setup();
    const fetch = fakeInvoicingApi();
    const saved = savedFiles();
    renderPage();
    const download = await screen.findByRole('button', { name: "Download the month's XML" });
    expect((download as HTMLButtonElement).disabled).toBe(true);
    await user.selectOptions(screen.getByLabelText('Issuer'), 'B76543217');
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2027-02' } });
    await waitFor(() => expect((download as HTMLButtonElement).disabled).toBe(false));
    await user.click(download);
    await waitFor(() => expect(saved).toEqual(['verifactu-B76543217-2027-02.xml']));
    expect(fetch.mock.calls.map(([url]) => url)).toContain(
      '/api/admin/invoicing/export?issuerNif=B76543217&month=2027-02',
    );
    // The list follows the filters too.
    expect(fetch.mock.calls.map(([url]) => url)).toContain(
      '/api/admin/invoicing/records?issuerNif=B76543217&month=2027-02',
    );
  });

  it('alerts an issuer whose messages the AEAT keeps refusing, with how many records wait and why', async () => {
    fakeInvoicingApi(undefined, {
      stuck: [
        {
          issuerNif: 'B76543217',
          waiting: 12,
          attempts: 4,
          why: 'Codigo[4112].El titular del certificado debe ser Obligado Emisión, Colaborador Social, Apoderado o Sucesor.',
        },
      ],
    });
    renderPage();
    const alerts = await screen.findAllByRole('alert');
    const stuck = alerts.find((a) =>
      a.textContent?.includes("The AEAT is not taking AD Boat Rental S.L.'s records"),
    );
    expect(stuck?.textContent).toContain(
      '12 records wait to go: after 4 tries the AEAT still refuses the message',
    );
    expect(stuck?.textContent).toContain('Codigo[4112]');
  });

  it('says whose records wait for want of a representation before the AEAT, and where to record it', async () => {
    fakeInvoicingApi(undefined, { held: [{ issuerNif: 'B38333337', waiting: 3 }] });
    renderPage();
    const title = await screen.findByText('Tejita Charters S.L.: records held');
    const banner = title.closest('[role]') ?? title.parentElement!;
    expect(banner.textContent).toContain(
      '3 records wait: no representation of this owner before the AEAT is recorded, so the platform’s certificate may not send them.',
    );
    expect(screen.getByRole('link', { name: 'Record it under Owners' }).getAttribute('href')).toBe(
      '/admin/owners',
    );
  });

  it('downloads a month of more than 1,000 records as one file per part', async () => {
    const user = userEvent.setup();
    const fetch = fakeInvoicingApi();
    const saved = savedFiles();
    renderPage();
    const download = await screen.findByRole('button', { name: "Download the month's XML" });
    await user.selectOptions(screen.getByLabelText('Issuer'), 'B76543217');
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2027-03' } });
    await waitFor(() => expect((download as HTMLButtonElement).disabled).toBe(false));
    await user.click(download);
    await waitFor(() =>
      expect(saved).toEqual([
        'verifactu-B76543217-2027-03-part-1-of-2.xml',
        'verifactu-B76543217-2027-03-part-2-of-2.xml',
      ]),
    );
    expect(fetch.mock.calls.map(([url]) => url)).toContain(
      '/api/admin/invoicing/export?issuerNif=B76543217&month=2027-03&part=2',
    );
  });

  it('shows the newest records first and the older ones a page at a time', async () => {
    const user = userEvent.setup();
    const older = [3, 4, 5].map((n) =>
      record({ _id: id(n + 10), position: 10 - n, numSerie: `2027-00000${10 - n}` }),
    );
    const fetch = fakeInvoicingApi(undefined, { older, pageSize: 2 });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Records' });
    const numbers = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[0]!.textContent);
    expect(numbers()).toHaveLength(2);
    // The order is said, and what it follows is on every row (issue 58).
    expect(
      screen.getByText(/^Newest first, by when each record was generated; the number after # is its place/),
    ).toBeTruthy();
    expect(within(table).getAllByTestId('record-generated')[0]!.textContent).toBe(
      'Generated 01/02/2027 01:00',
    );
    await user.click(screen.getByRole('button', { name: 'Show older records' }));
    await waitFor(() => expect(numbers()).toHaveLength(4));
    await user.click(screen.getByRole('button', { name: 'Show older records' }));
    await waitFor(() => expect(numbers()).toHaveLength(5));
    // The last page: nothing older to ask for.
    expect(screen.queryByRole('button', { name: 'Show older records' })).toBeNull();
    expect(new Set(numbers()).size).toBe(5);
    expect(fetch.mock.calls.map(([url]) => url)).toContain(`/api/admin/invoicing/records?cursor=${id(1)}`);
  });

  it('speaks the admin’s language', async () => {
    await i18n.changeLanguage('es');
    fakeInvoicingApi();
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('1 registro rechazado por la AEAT');
    expect(await screen.findByText('Los 2 registros se verifican')).toBeTruthy();
  });
});

describe('a company’s full invoice issued by mistake', () => {
  const full = record({
    _id: id(20),
    position: 7,
    numSerie: 'F2027-000001',
    invoiceType: 'F3',
    total: 70,
    issuerNif: 'B12345674',
    issuerName: 'Marlin Charters S.L.',
    recipient: { name: 'Acme Eventos S.L.', taxId: 'B38111118' },
    documentKind: 'customer_invoice',
    documentId: id(21),
  });
  const anulacion = record({
    _id: id(22),
    position: 8,
    kind: 'anulacion',
    numSerie: 'F2027-000001',
    invoiceType: null,
    total: null,
    recipient: null,
    issuerNif: 'B12345674',
    documentKind: 'customer_invoice',
    documentId: id(21),
    state: 'pending',
  });
  const page = (records: BillingRecordView[]): BillingRecordsResponse => ({
    records,
    nextCursor: null,
    rejected: [],
    acceptedWithErrors: [],
    stuck: [],
    held: [],
    issuers: [{ nif: 'B12345674', name: 'Marlin Charters S.L.' }],
  });

  function stubApi(answer: () => Response) {
    let records = [full, record({})];
    const posted: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posted.push(url);
          const res = answer();
          if (res.ok) records = [anulacion, { ...full, cancelledByRecordId: anulacion._id }, record({})];
          return Promise.resolve(res);
        }
        if (url.startsWith('/api/admin/invoicing/chain-check'))
          return Promise.resolve(json(200, { ok: true, total: 3, issuers: [] }));
        if (url.startsWith('/api/admin/invoicing/declaration'))
          return Promise.resolve(json(200, declaration));
        return Promise.resolve(json(200, page(records)));
      }),
    );
    return posted;
  }

  it('is cancelled from its record, after the admin reads what that does; the record then names its cancellation', async () => {
    const posted = stubApi(() => json(200, { _id: id(21), number: 'F2027-000001', cancelled: true }));
    render(
      <MemoryRouter>
        <InvoicingScreen />
      </MemoryRouter>,
      { wrapper: WithQueryClient },
    );
    // Only the full invoice offers it, not the commission invoice beside it.
    const cancel = await screen.findByRole('button', { name: 'Cancel F2027-000001 as issued by mistake' });
    expect(screen.getAllByRole('button', { name: /as issued by mistake/ })).toHaveLength(1);
    await userEvent.click(cancel);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel invoice F2027-000001' });
    expect(dialog.textContent).toContain('the wrong company (Acme Eventos S.L.)');
    expect(dialog.textContent).toContain('the number is never used again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the invoice' }));
    expect(posted).toEqual([`/api/admin/invoicing/customer-invoices/${id(21)}/cancellation`]);
    expect(await screen.findByRole('link', { name: 'Canceled by F2027-000001 (#8)' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: /as issued by mistake/ })).toBeNull();
  });

  it('shows why the server refuses it, and keeps the dialog open', async () => {
    stubApi(() =>
      json(409, {
        error: 'rectified',
        message:
          'F2027-000001 has been rectified since (RF2027-000001), which names it: it can no longer be cancelled.',
      }),
    );
    render(
      <MemoryRouter>
        <InvoicingScreen />
      </MemoryRouter>,
      { wrapper: WithQueryClient },
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Cancel F2027-000001 as issued by mistake' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the invoice' }));
    expect(await within(dialog).findByText(/has been rectified since \(RF2027-000001\)/)).toBeTruthy();
  });
});

describe('a document’s recipient changed by a rectifying invoice by substitution', () => {
  const commission = record({ _id: id(30), numSerie: '2027-000005', documentId: id(31) });
  const simplified = record({
    _id: id(32),
    numSerie: 'S2027-000001',
    invoiceType: 'F2',
    recipient: null,
    documentKind: 'customer_invoice',
    documentId: id(33),
  });
  const creditNote = record({
    _id: id(36),
    numSerie: 'R2027-000002',
    invoiceType: 'R1',
    rectificationType: 'I',
    total: -5,
    documentId: id(37),
  });
  const substitution = record({
    _id: id(34),
    position: 9,
    numSerie: 'R2027-000001',
    invoiceType: 'R1',
    rectificationType: 'S',
    recipient: { name: 'Marlin Charters S.L.', taxId: 'B38765434' },
    documentId: id(35),
    state: 'pending',
  });

  function stubApi(answer: (body: unknown) => Response) {
    let records = [commission, simplified, creditNote];
    const posted: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          const body: unknown = JSON.parse(init.body as string);
          posted.push({ url, body });
          const res = answer(body);
          if (res.ok) records = [substitution, commission, simplified, creditNote];
          return Promise.resolve(res);
        }
        if (url.startsWith('/api/admin/invoicing/chain-check'))
          return Promise.resolve(json(200, { ok: true, total: 2, issuers: [] }));
        if (url.startsWith('/api/admin/invoicing/declaration'))
          return Promise.resolve(json(200, declaration));
        const answerPage: BillingRecordsResponse = {
          records,
          nextCursor: null,
          rejected: [],
          acceptedWithErrors: [],
          stuck: [],
          held: [],
          issuers: [{ nif: 'B76543217', name: 'AD Boat Rental S.L.' }],
        };
        return Promise.resolve(json(200, answerPage));
      }),
    );
    return posted;
  }

  it('is offered on a document naming a recipient; checks the fields; issues the rectifying invoice, which the list shows', async () => {
    const user = userEvent.setup();
    const posted = stubApi(() =>
      json(200, { _id: id(35), number: 'R2027-000001', rectifies: '2027-000005' }),
    );
    render(<InvoicingScreen />, { wrapper: WithQueryClient });
    await user.click(await screen.findByRole('button', { name: 'Change the recipient of 2027-000005…' }));
    // A simplified invoice names nobody, a credit note rectifies by differences: nothing to change.
    expect(screen.getAllByRole('button', { name: /Change the recipient/ })).toHaveLength(1);
    const dialog = await screen.findByRole('dialog', { name: 'Change the recipient of 2027-000005' });
    expect(dialog.textContent).toContain('A rectifying invoice by substitution is issued');
    expect(dialog.textContent).toContain('e-mailed to the owner');
    const taxId = within(dialog).getByLabelText("Recipient's tax id");
    expect((taxId as HTMLInputElement).value).toBe('B12345674');
    await user.clear(taxId);
    await user.type(taxId, 'B1234');
    await user.click(within(dialog).getByRole('button', { name: 'Issue the rectifying invoice' }));
    expect(
      await within(dialog).findByText(
        'Enter a Spanish NIF, NIE or CIF (with its check character) or an EU VAT number',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('Minimum 5 characters')).toBeTruthy();
    expect(posted).toEqual([]);

    await user.clear(taxId);
    await user.type(taxId, 'B38765434');
    await user.type(within(dialog).getByLabelText("Recipient's address"), 'Calle La Marina 5, Santa Cruz');
    await user.click(within(dialog).getByRole('button', { name: 'Issue the rectifying invoice' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([
      {
        url: `/api/admin/invoicing/commission-invoices/${id(31)}/recipient`,
        body: { name: 'Marlin Charters S.L.', taxId: 'B38765434', address: 'Calle La Marina 5, Santa Cruz' },
      },
    ]);
    const rows = within(await screen.findByRole('table', { name: 'Records' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]!.textContent).toContain('R2027-000001');
    expect(rows[0]!.textContent).toContain('R1 · rectifying invoice');
  });

  it('shows the server’s refusal on its field (the issuer’s own tax id) and why it refuses a rectified one', async () => {
    const user = userEvent.setup();
    let refusals = [
      json(400, {
        error: 'recipient_refused',
        message: 'The AEAT would refuse this invoice (its validation 1193)',
        fields: [
          {
            path: 'body.taxId',
            message: 'This is the seller’s own tax id: an invoice cannot be addressed to its issuer.',
          },
        ],
      }),
      json(409, {
        error: 'rectified',
        message: '2027-000005 has been rectified since (R2027-000001): it no longer stands alone.',
      }),
    ];
    stubApi(() => {
      const [next, ...rest] = refusals;
      refusals = rest;
      return next!;
    });
    render(<InvoicingScreen />, { wrapper: WithQueryClient });
    await user.click(await screen.findByRole('button', { name: 'Change the recipient of 2027-000005…' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText("Recipient's address"), 'Calle La Marina 5, Santa Cruz');
    await user.click(within(dialog).getByRole('button', { name: 'Issue the rectifying invoice' }));
    expect(
      await within(dialog).findByText(
        'This is the seller’s own tax id: an invoice cannot be addressed to its issuer.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Issue the rectifying invoice' }));
    expect(await within(dialog).findByText(/has been rectified since \(R2027-000001\)/)).toBeTruthy();
  });

  it('speaks Russian', async () => {
    await i18n.changeLanguage('ru');
    stubApi(() => json(200, {}));
    render(<InvoicingScreen />, { wrapper: WithQueryClient });
    await userEvent.click(await screen.findByRole('button', { name: 'Изменить получателя 2027-000005…' }));
    expect(await screen.findByRole('dialog', { name: 'Изменить получателя 2027-000005' })).toBeTruthy();
  });
});
