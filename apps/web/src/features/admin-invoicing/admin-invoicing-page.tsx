// /admin/invoicing (platform admin): the VERI*FACTU billing records (docs/back-office.md#invoicing-records).
// An owner whose records wait for want of a representation before the AEAT heads the page, then the
// rejected records not yet corrected as an alert with the AEAT's code and text and a way to correct
// each; then the chain check ("all N records verify" or where a chain breaks);
// then every record by issuer, type and month with its AEAT state and answer and its
// "corrects" / "corrected by" / "cancelled by" links, the cancellation of a company's full invoice
// issued by mistake, the change of a document's recipient by a rectifying invoice by substitution
// (docs/invoicing.md#changing-the-recipients-data), and the download of an issuer's month as the
// AEAT's XML.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import { formatEuros } from '@boats/domain/money';
import { recipientChangeSchema, type BillingRecordView } from '@boats/domain/schemas/invoicing';
import { INVOICE_TYPES, type InvoiceType, type SubmissionState } from '@boats/domain/verifactu';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { currentLanguage } from '../../shared/i18n/i18n';
import { paths } from '../../shared/paths';
import { Badge, type BadgeTone } from '../../shared/ui/badge';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { Form, FormError, FormField, useZodForm } from '../../shared/ui/form';
import { Modal } from '../../shared/ui/modal';
import { PageLoading } from '../../shared/ui/page-loading';
import { Cell, Table } from '../../shared/ui/table';
import {
  downloadRecordsXml,
  useBillingRecords,
  useChainCheck,
  useDeclaration,
  recipientChangeable,
  useCancelCustomerInvoice,
  useChangeRecipient,
  useCorrectRecord,
  type RecordFilter,
} from './api/invoicing-api';
import styles from './admin-invoicing.module.css';

const STATE_TONE: Record<SubmissionState, BadgeTone> = {
  pending: 'neutral',
  sent: 'info',
  accepted: 'success',
  accepted_with_errors: 'warning',
  rejected: 'danger',
  corrected: 'done',
};

const rowId = (id: string) => `record-${id}`;

/**
 * A company's full invoice (F3) the admin may cancel as issued by mistake (the server refuses one a
 * rectifying invoice names since, with why).
 */
const cancellable = (r: BillingRecordView) =>
  r.kind === 'alta' &&
  r.invoiceType === 'F3' &&
  r.documentKind === 'customer_invoice' &&
  r.cancelledByRecordId === null &&
  r.state !== 'corrected';

/**
 * A document naming a recipient whose data the admin may change by a rectifying invoice by
 * substitution, not one rectifying another by differences (the server refuses one rectified since,
 * with why): its standing record.
 */
const recipientChangeOffered = (r: BillingRecordView) =>
  r.kind === 'alta' &&
  r.recipient !== null &&
  r.rectificationType !== 'I' &&
  recipientChangeable(r.documentKind) &&
  r.cancelledByRecordId === null &&
  r.state !== 'corrected';

/** The AEAT's admissible error for a recipient's NIF its census does not know. */
const CENSUS_UNKNOWN = 2001;

export default function AdminInvoicingPage() {
  const { t } = useTranslation('admin-invoicing');
  return (
    <AdminLayout title={t('title')} access="admin">
      <InvoicingScreen />
    </AdminLayout>
  );
}

/**
 * The records the admin must correct, as an alert: those the AEAT rejected (it holds none of
 * them), or accepted with errors (it holds them, and expects their correction), each with the
 * AEAT's answer and its Correct button.
 */
function RecordsToCorrect({
  kind,
  records,
  onCorrect,
}: {
  kind: 'rejected' | 'acceptedWithErrors';
  records: BillingRecordView[];
  onCorrect: (record: BillingRecordView) => void;
}) {
  const { t } = useTranslation('admin-invoicing');
  if (records.length === 0) return null;
  return (
    <Banner tone="error" title={t(`${kind}.title`, { count: records.length })}>
      <p className={styles.alertText}>{t(`${kind}.text`)}</p>
      <ul className={styles.rejected}>
        {records.map((r) => (
          <li key={r._id}>
            <div>
              <strong>{r.numSerie}</strong> · {r.issuerName || r.issuerNif}
            </div>
            {r.recipient && (
              <div>{t('rejected.recipient', { name: r.recipient.name, taxId: r.recipient.taxId })}</div>
            )}
            <div>{t('answer', { code: r.errorCode ?? '—', text: r.errorText ?? '' })}</div>
            <button type="button" className={button.outline} onClick={() => onCorrect(r)}>
              {t('rejected.correct', { number: r.numSerie })}
            </button>
          </li>
        ))}
      </ul>
    </Banner>
  );
}

export function InvoicingScreen() {
  const { t } = useTranslation('admin-invoicing');
  const errorText = useAdminErrorText();
  const [filter, setFilter] = useState<RecordFilter>({ issuerNif: '', invoiceType: '', month: '' });
  const [correcting, setCorrecting] = useState<BillingRecordView | null>(null);
  const [cancelling, setCancelling] = useState<BillingRecordView | null>(null);
  const [changing, setChanging] = useState<BillingRecordView | null>(null);
  const records = useBillingRecords(filter);
  if (records.isPending) return <PageLoading />;
  if (records.isError) return <Banner tone="error">{errorText(records.error)}</Banner>;
  const [first] = records.data.pages;
  const { rejected, acceptedWithErrors, stuck, held, issuers } = first ?? {
    rejected: [],
    acceptedWithErrors: [],
    stuck: [],
    held: [],
    issuers: [],
  };
  const issuerName = (nif: string) => issuers.find((i) => i.nif === nif)?.name ?? nif;
  return (
    <>
      <p className={styles.intro}>{t('intro')}</p>
      {stuck.map((s) => (
        <Banner key={s.issuerNif} tone="error" title={t('stuck.title', { issuer: issuerName(s.issuerNif) })}>
          <p className={styles.alertText}>
            {t('stuck.text', { count: s.waiting, attempts: s.attempts, why: s.why })}
          </p>
        </Banner>
      ))}
      {held.map((h) => (
        <Banner key={h.issuerNif} tone="error" title={t('held.title', { issuer: issuerName(h.issuerNif) })}>
          <p className={styles.alertText}>
            {t('held.text', { count: h.waiting })}{' '}
            <Link to={paths.admin.owners.getHref()}>{t('held.link')}</Link>
          </p>
        </Banner>
      ))}
      <RecordsToCorrect kind="rejected" records={rejected} onCorrect={setCorrecting} />
      <RecordsToCorrect kind="acceptedWithErrors" records={acceptedWithErrors} onCorrect={setCorrecting} />
      <ChainCheck />
      <Declaration />
      <section className={styles.section} aria-labelledby="invoicing-records">
        <h2 id="invoicing-records">{t('records.title')}</h2>
        <p className={styles.muted}>{t('records.order')}</p>
        <Filters filter={filter} issuers={issuers} onChange={setFilter} />
        <RecordsTable
          records={records.data.pages.flatMap((page) => page.records)}
          busy={records.isPlaceholderData}
          onCancel={setCancelling}
          onChangeRecipient={setChanging}
        />
        {records.hasNextPage && (
          <button
            type="button"
            className={button.outline}
            disabled={records.isFetchingNextPage}
            onClick={() => void records.fetchNextPage()}
          >
            {t('records.more')}
          </button>
        )}
      </section>
      {correcting && <CorrectionDialog record={correcting} onClose={() => setCorrecting(null)} />}
      {cancelling && <CancelInvoiceDialog record={cancelling} onClose={() => setCancelling(null)} />}
      {changing && <RecipientDialog record={changing} onClose={() => setChanging(null)} />}
    </>
  );
}

/**
 * The software's declaración responsable (Orden HAC/1177/2024 art. 15.3: legible and reachable in
 * the system itself), in Spanish as the order writes it, folded under its heading.
 */
function Declaration() {
  const { t } = useTranslation('admin-invoicing');
  const errorText = useAdminErrorText();
  const declaration = useDeclaration();
  return (
    <section className={styles.section} aria-labelledby="invoicing-declaration">
      <h2 id="invoicing-declaration">{t('declaration.title')}</h2>
      {declaration.isPending ? null : declaration.isError ? (
        <Banner tone="error">{errorText(declaration.error)}</Banner>
      ) : (
        <>
          {!declaration.data.signed && <Banner tone="info">{t('declaration.unsigned')}</Banner>}
          <details>
            <summary>{t('declaration.show')}</summary>
            <div lang="es" data-testid="declaration">
              <h3>{declaration.data.title}</h3>
              <dl>
                {declaration.data.items.map((item) => (
                  <div key={item.letter}>
                    <dt>
                      {item.letter}) {item.label}
                    </dt>
                    <dd>{item.value}</dd>
                  </div>
                ))}
              </dl>
            </div>
          </details>
        </>
      )}
    </section>
  );
}

function ChainCheck() {
  const { t } = useTranslation('admin-invoicing');
  const errorText = useAdminErrorText();
  const check = useChainCheck();
  return (
    <section className={styles.section} aria-labelledby="invoicing-chain">
      <h2 id="invoicing-chain">{t('chain.title')}</h2>
      {check.isPending ? (
        <p className={styles.muted}>{t('chain.checking')}</p>
      ) : check.isError ? (
        <Banner tone="error">{errorText(check.error)}</Banner>
      ) : check.data.ok ? (
        <p className={styles.chainOk} data-testid="chain-check">
          {t('chain.ok', { count: check.data.total })}
        </p>
      ) : (
        <div data-testid="chain-check">
          <Banner tone="error" title={t('chain.broken')}>
            <ul className={styles.breaks}>
              {check.data.issuers
                .filter((i) => !i.ok)
                .map((i) => (
                  <li key={i.issuerNif}>
                    {t('chain.breaksAt', { nif: i.issuerNif, position: i.position, reason: i.reason })}
                  </li>
                ))}
            </ul>
          </Banner>
        </div>
      )}
    </section>
  );
}

function Filters({
  filter,
  issuers,
  onChange,
}: {
  filter: RecordFilter;
  issuers: { nif: string; name: string }[];
  onChange: (filter: RecordFilter) => void;
}) {
  const { t } = useTranslation('admin-invoicing');
  const errorText = useAdminErrorText();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const canExport = Boolean(filter.issuerNif && filter.month);
  return (
    <div className={styles.filters}>
      <label className={styles.filter}>
        {t('filter.issuer')}
        <select value={filter.issuerNif} onChange={(e) => onChange({ ...filter, issuerNif: e.target.value })}>
          <option value="">{t('filter.allIssuers')}</option>
          {issuers.map((i) => (
            <option key={i.nif} value={i.nif}>
              {i.name ? `${i.name} (${i.nif})` : i.nif}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.filter}>
        {t('filter.type')}
        <select
          value={filter.invoiceType}
          onChange={(e) => onChange({ ...filter, invoiceType: e.target.value as InvoiceType | '' })}
        >
          <option value="">{t('filter.allTypes')}</option>
          {INVOICE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`types.${type}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.filter}>
        {t('filter.month')}
        <input
          type="month"
          value={filter.month}
          onChange={(e) => onChange({ ...filter, month: e.target.value })}
        />
      </label>
      <div className={styles.export}>
        <button
          type="button"
          className={button.primary}
          disabled={!canExport || downloading}
          onClick={() => {
            setDownloadError(null);
            setDownloading(true);
            downloadRecordsXml(filter.issuerNif, filter.month)
              .catch((err: unknown) => setDownloadError(errorText(err)))
              .finally(() => setDownloading(false));
          }}
        >
          {t('export.button')}
        </button>
        {!canExport && <span className={styles.muted}>{t('export.hint')}</span>}
        {downloadError && <span role="alert">{downloadError}</span>}
      </div>
    </div>
  );
}

function RecordsTable({
  records,
  busy,
  onCancel,
  onChangeRecipient,
}: {
  records: BillingRecordView[];
  busy: boolean;
  onCancel: (record: BillingRecordView) => void;
  onChangeRecipient: (record: BillingRecordView) => void;
}) {
  const { t } = useTranslation('admin-invoicing');
  const lng = currentLanguage();
  const col = (key: string) => t(`records.col.${key}`);
  const numberOf = new Map(records.map((r) => [r._id, `${r.numSerie} (#${r.position})`]));
  if (records.length === 0) return <p className={styles.muted}>{t('records.none')}</p>;
  return (
    <Table cardLabelWidth="8em" aria-label={t('records.title')} busy={busy}>
      <thead>
        <tr>
          <th scope="col">{col('number')}</th>
          <th scope="col">{col('issuer')}</th>
          <th scope="col">{col('type')}</th>
          <th scope="col">{col('total')}</th>
          <th scope="col">{col('state')}</th>
          <th scope="col">{col('answer')}</th>
        </tr>
      </thead>
      <tbody>
        {records.map((r) => (
          <tr key={r._id} id={rowId(r._id)}>
            <Cell label={col('number')}>
              <div>
                <strong>{r.numSerie}</strong> <span className={styles.muted}>#{r.position}</span>
              </div>
              <div className={styles.muted}>{r.issueDate}</div>
              {/* What the list is ordered by, newest first: when the record was generated. */}
              <div className={styles.muted} data-testid="record-generated">
                {t('records.generated', { at: formatCanaryDateTime(r.generatedAt, lng) })}
              </div>
            </Cell>
            <Cell label={col('issuer')}>
              <div>{r.issuerName || r.issuerNif}</div>
              <div className={styles.muted}>{r.issuerNif}</div>
            </Cell>
            <Cell label={col('type')}>
              {r.kind === 'anulacion'
                ? t('types.cancellation')
                : r.invoiceType
                  ? t(`types.${r.invoiceType}`)
                  : ''}
            </Cell>
            <Cell label={col('total')} nowrap>
              {r.total === null ? '—' : formatEuros(r.total, lng)}
            </Cell>
            <Cell label={col('state')}>
              <Badge tone={STATE_TONE[r.state]}>{t(`states.${r.state}`)}</Badge>
              {r.correctsRecordId && (
                <div>
                  <a href={`#${rowId(r.correctsRecordId)}`}>
                    {t('links.corrects', { number: numberOf.get(r.correctsRecordId) ?? r.numSerie })}
                  </a>
                </div>
              )}
              {r.correctedByRecordId && (
                <div>
                  <a href={`#${rowId(r.correctedByRecordId)}`}>
                    {t('links.correctedBy', { number: numberOf.get(r.correctedByRecordId) ?? r.numSerie })}
                  </a>
                </div>
              )}
              {r.cancelledByRecordId && (
                <div>
                  <a href={`#${rowId(r.cancelledByRecordId)}`}>
                    {t('links.cancelledBy', { number: numberOf.get(r.cancelledByRecordId) ?? r.numSerie })}
                  </a>
                </div>
              )}
              {cancellable(r) && (
                <div>
                  <button type="button" className={button.link} onClick={() => onCancel(r)}>
                    {t('documentCancel.action', { number: r.numSerie })}
                  </button>
                </div>
              )}
              {recipientChangeOffered(r) && (
                <div>
                  <button type="button" className={button.link} onClick={() => onChangeRecipient(r)}>
                    {t('recipientChange.action', { number: r.numSerie })}
                  </button>
                </div>
              )}
            </Cell>
            <Cell label={col('answer')}>
              {r.errorCode !== null || r.errorText ? (
                <span className={styles.answer}>
                  {t('answer', { code: r.errorCode ?? '—', text: r.errorText ?? '' })}
                </span>
              ) : (
                <span className={styles.muted}>—</span>
              )}
            </Cell>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/**
 * The correction of a record the AEAT rejected or accepted with errors: a new record of the same
 * invoice as it was issued. It never changes the recipient's data (the document names them); the
 * dialog says how that is done: a rectifying invoice by substitution, from the records' list.
 */
function CorrectionDialog({ record, onClose }: { record: BillingRecordView; onClose: () => void }) {
  const { t } = useTranslation('admin-invoicing');
  const correct = useCorrectRecord();
  return (
    <RecordActionDialog
      title={t('correction.title', { number: record.numSerie })}
      action={t('correction.submit')}
      busy={correct.isPending}
      run={() => correct.mutateAsync(record._id)}
      onClose={onClose}
    >
      <p>{t('answer', { code: record.errorCode ?? '—', text: record.errorText ?? '' })}</p>
      <p className={styles.muted}>{t('correction.explain')}</p>
      {record.recipient ? (
        <>
          {record.errorCode === CENSUS_UNKNOWN && <p>{t('correction.notInCensus')}</p>}
          <p>{t('correction.recipientHow', { number: record.numSerie })}</p>
        </>
      ) : (
        <p>{t('correction.noRecipient')}</p>
      )}
    </RecordActionDialog>
  );
}

/**
 * The change of a document's recipient (name, tax id, address): a rectifying invoice by
 * substitution, the same lines and amounts to the corrected recipient, sent to the AEAT and to the
 * customer or the owner; the document it rectifies no longer stands.
 */
function RecipientDialog({ record, onClose }: { record: BillingRecordView; onClose: () => void }) {
  const { t } = useTranslation('admin-invoicing');
  const change = useChangeRecipient();
  const form = useZodForm(recipientChangeSchema, {
    defaultValues: { name: record.recipient?.name ?? '', taxId: record.recipient?.taxId ?? '', address: '' },
  });
  return (
    <Modal
      open
      onClose={onClose}
      title={t('recipientChange.title', { number: record.numSerie })}
      closeLabel={t('close')}
    >
      <p>
        {t(
          record.documentKind === 'commission_invoice'
            ? 'recipientChange.explainOwner'
            : 'recipientChange.explainCustomer',
          { number: record.numSerie },
        )}
      </p>
      <Form
        form={form}
        onSubmit={async (recipient) => {
          await change.mutateAsync({
            documentKind: record.documentKind,
            documentId: record.documentId,
            recipient,
          });
          onClose();
        }}
      >
        <FormField name="name" label={t('recipientChange.name')} autoComplete="off" />
        <FormField
          name="taxId"
          label={t('recipientChange.taxId')}
          hint={t('recipientChange.taxIdHint')}
          autoComplete="off"
        />
        <FormField name="address" label={t('recipientChange.address')} autoComplete="off" />
        <FormError />
        <div className={styles.actions}>
          <button type="submit" className={button.primary} disabled={form.formState.isSubmitting}>
            {t('recipientChange.submit')}
          </button>
          <button type="button" className={button.outline} onClick={onClose}>
            {t('cancel')}
          </button>
        </div>
      </Form>
    </Modal>
  );
}

/**
 * The cancellation of a company's full invoice issued by mistake: a registro de anulación sent to
 * the AEAT; the number is never reused, and what the invoice replaced counts again.
 */
function CancelInvoiceDialog({ record, onClose }: { record: BillingRecordView; onClose: () => void }) {
  const { t } = useTranslation('admin-invoicing');
  const cancel = useCancelCustomerInvoice();
  return (
    <RecordActionDialog
      title={t('documentCancel.title', { number: record.numSerie })}
      action={t('documentCancel.submit')}
      danger
      busy={cancel.isPending}
      run={() => cancel.mutateAsync(record.documentId)}
      onClose={onClose}
    >
      <p>{t('documentCancel.explain', { recipient: record.recipient?.name ?? '' })}</p>
    </RecordActionDialog>
  );
}

/**
 * A record's action that asks nothing but a yes: what it does, the button that does it (closing
 * the dialog once done), and the server's refusal said above the buttons.
 */
function RecordActionDialog({
  title,
  action,
  danger = false,
  busy,
  run,
  onClose,
  children,
}: {
  title: string;
  action: string;
  danger?: boolean;
  busy: boolean;
  run: () => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin-invoicing');
  const errorText = useAdminErrorText();
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal open onClose={onClose} title={title} closeLabel={t('close')}>
      {children}
      {error && <Banner tone="error">{error}</Banner>}
      <div className={styles.actions}>
        <button
          type="button"
          className={danger ? button.danger : button.primary}
          disabled={busy}
          onClick={() => {
            setError(null);
            run().then(onClose, (err: unknown) => setError(errorText(err)));
          }}
        >
          {action}
        </button>
        <button type="button" className={button.outline} onClick={onClose}>
          {t('cancel')}
        </button>
      </div>
    </Modal>
  );
}
