// The booking's invoices on its confirmation page and in manage my booking
// (docs/invoicing.md#customers-invoices-in-the-owners-name): each one's number, kind, total and
// day, and its PDF with the VERI*FACTU QR code. A company that needs a full invoice in place of
// the simplified one asks for it here with the manage token (the form's fields are the domain's
// schema, which the server checks again: a tax id refused there shows on its field). An invoice
// names its recipient, so without the token (the confirmation page opened by its address) the
// section only says where the invoices are: attached to the e-mails and in manage my booking. A
// booking of an owner who invoices their customers themselves has none: the section names whom to ask.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatCanaryDate } from '@boats/domain/canary-time';
import { eurosToCents, formatEuros } from '@boats/domain/money';
import { shownInvoiceType } from '@boats/domain/customer-invoice';
import { fullInvoiceCompanySchema, type BookingInvoice } from '@boats/domain/schemas/manage-booking';
import { Banner } from '../ui/banner';
import button from '../ui/button.module.css';
import { Form, FormField, useZodForm } from '../ui/form';
import { useLanguage } from '../i18n/use-language';
import { paths } from '../paths';
import { bookingInvoicePdfUrl, useBookingInvoices, useRequestFullInvoice } from './api/booking-invoices';
import styles from './checkout.module.css';

export function BookingInvoices({
  bookingId,
  manageToken,
  headingLevel,
}: {
  bookingId: string;
  /** Present in manage my booking: the request form needs it. */
  manageToken?: string;
  headingLevel: 2 | 3 | 4;
}) {
  const { t } = useTranslation(['booking', 'common']);
  const locale = useLanguage();
  const invoices = useBookingInvoices(bookingId, manageToken);
  // Said here, not in the form: the form leaves once the full invoice stands.
  const [issued, setIssued] = useState<{ number: string; replaces: string } | null>(null);
  const Heading = `h${String(headingLevel)}` as 'h2' | 'h3' | 'h4';
  if (!manageToken) {
    return (
      <p className={styles.muted} data-testid="booking-invoices">
        {t('invoice.inManage')}{' '}
        <Link to={paths.manageBooking.getHref()}>{t('menu.myBooking', { ns: 'common' })}</Link>
      </p>
    );
  }
  if (!invoices.isSuccess) return null;
  const { fullInvoiceAvailable, invoicedByOwner } = invoices.data;
  if (invoices.data.invoices.length === 0) {
    // The owner invoices their customers themselves: this confirmation is the receipt.
    return invoicedByOwner ? (
      <section aria-labelledby="invoices-title" className={styles.invoices} data-testid="booking-invoices">
        <Heading id="invoices-title" className={styles.subTitle}>
          {t('invoice.title', { count: 1 })}
        </Heading>
        <p className={styles.muted}>{t('invoice.byOwner', invoicedByOwner)}</p>
      </section>
    ) : null;
  }
  const line = (invoice: BookingInvoice) =>
    [
      formatEuros(invoice.total, locale),
      formatCanaryDate(new Date(invoice.issuedAt), locale),
      invoice.company,
      invoice.cancelled
        ? t('invoice.cancelled')
        : invoice.replaced
          ? // A simplified invoice names no company and is replaced by a full one; an invoice naming
            // one is replaced by a rectifying invoice by substitution (the company's data corrected).
            t(invoice.company ? 'invoice.substituted' : 'invoice.replaced')
          : invoice.corrects &&
            t(invoice.invoiceType === 'F3' ? 'invoice.replaces' : 'invoice.corrects', {
              number: invoice.corrects,
            }),
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <section aria-labelledby="invoices-title" className={styles.invoices} data-testid="booking-invoices">
      <Heading id="invoices-title" className={styles.subTitle}>
        {t('invoice.title', { count: invoices.data.invoices.length })}
      </Heading>
      <ul className={styles.invoiceList}>
        {invoices.data.invoices.map((invoice) => (
          <li
            key={invoice._id}
            className={invoice.replaced || invoice.cancelled ? styles.invoiceReplaced : undefined}
          >
            <strong>
              {t(
                `invoice.type.${shownInvoiceType({ ...invoice, totalCents: eurosToCents(invoice.total) })}`,
                {
                  number: invoice.number,
                },
              )}
            </strong>
            <span className={styles.muted}>{line(invoice)}</span>
            <a
              href={bookingInvoicePdfUrl(bookingId, invoice._id, manageToken)}
              download={`${invoice.number}.pdf`}
              aria-label={t('invoice.downloadFor', { number: invoice.number })}
            >
              {t('invoice.download')}
            </a>
          </li>
        ))}
      </ul>
      <p className={styles.muted}>{t('invoice.verifiable')}</p>
      {issued && <Banner tone="success">{t('invoice.issued', issued)}</Banner>}
      {fullInvoiceAvailable && (
        <FullInvoiceRequest bookingId={bookingId} token={manageToken} onIssued={setIssued} />
      )}
    </section>
  );
}

function FullInvoiceRequest({
  bookingId,
  token,
  onIssued,
}: {
  bookingId: string;
  token: string;
  onIssued: (invoice: { number: string; replaces: string }) => void;
}) {
  const { t } = useTranslation('booking');
  const request = useRequestFullInvoice(bookingId, token);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const form = useZodForm(fullInvoiceCompanySchema, { defaultValues: { name: '', taxId: '', address: '' } });
  if (!open) {
    return (
      <p>
        {t('invoice.askFull')}{' '}
        <button type="button" className={button.outline} onClick={() => setOpen(true)}>
          {t('invoice.askAction')}
        </button>
      </p>
    );
  }
  return (
    <Form
      form={form}
      className={styles.invoiceForm}
      aria-label={t('invoice.askAction')}
      onSubmit={async (company) => {
        setFailed(false);
        const answer = await request.mutateAsync(company);
        onIssued(answer.invoice);
      }}
      // A refused tax id lands on its field; anything else is said once under the form.
      onError={(_err, onFields) => setFailed(!onFields)}
    >
      <p className={styles.muted}>{t('invoice.formIntro')}</p>
      <FormField name="name" label={t('invoice.company')} autoComplete="organization" />
      <FormField
        name="taxId"
        label={t('invoice.taxId')}
        hint={t('invoice.taxIdHint')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
      />
      <FormField
        name="address"
        label={t('invoice.address')}
        as="textarea"
        rows={2}
        autoComplete="street-address"
      />
      {failed && <Banner tone="error">{t('invoice.failed')}</Banner>}
      <button
        type="submit"
        className={button.primary}
        disabled={request.isPending}
        aria-busy={request.isPending}
      >
        {request.isPending ? t('invoice.pending') : t('invoice.submit')}
      </button>
    </Form>
  );
}
