/**
 * Customers' invoices (docs/invoicing.md#customers-invoices-in-the-owners-name). A booking that
 * becomes paid gets its invoice in the same transaction, called by the lifecycle (the one writer
 * of a booking's status) on → paid: in the owner's name when the owner lets the platform invoice
 * for them (the platform issuing as a third party), in the platform's name for its own boats, none
 * for an owner who invoices their customers themselves. A consumer's invoice is an F2: simplified
 * up to 400 € with IGIC, above it a full invoice without the recipient's tax id (the art. 6.1.d
 * flag); a company asks for its F3 (replaceSimplified). The amount is the booking's price, IGIC
 * included at the issuer's rate, or exempt with its legal mention.
 *
 * Lock order: the lifecycle already holds the trip's and the booking's rows; this takes the
 * issuer's series counter, then its chain head (appendRecord), the last rows any path locks.
 */
import { GOODWILL_CAUSE } from '@boats/domain/goodwill-refund';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { canaryYearMonth } from '@boats/domain/canary-time';
import { localized } from '@boats/domain/boat-card';
import {
  customerInvoiceNumber,
  customerSeriesKey,
  isWithoutRecipientId,
  linesTotalCents,
  refundInvoiceType,
  saleInvoice,
  saleLines,
  serviceInSpanish,
  splitTaxIncluded,
  type InvoiceLine,
} from '@boats/domain/customer-invoice';
import type { LocalizedText } from '@boats/domain/schemas/boat';
import { recipientBreaches } from '@boats/domain/aeat-validations';
import { percentToBps } from '@boats/domain/fee-split';
import { agentCommissionAtNet } from '@boats/domain/commission-invoice';
import { languageOf } from '@boats/domain/languages';
import { bookingReference } from '@boats/domain/booking-reference';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { qualified } from '../../db/columns';
import { boats, bookings, owners, payments } from '../../db/schema';
import { operatorIdentity } from '../operator/operator-identity';
import { agentSaleOf, receivedCentsSql } from '../payments/ledger';
import { recordIssuedInvoice } from '../verifactu/issued-invoice-record';
import { takeNumber } from './invoice-repository';
import { platformIssuer } from '../verifactu/issuers';
import { recordParty } from '../verifactu/record-parties';
import { customerInvoices, type CustomerInvoiceIssuer, type InvoiceParty } from './schema';
import { billingRecords } from '../verifactu/schema';
import { conflict, DomainError } from '../../http/errors';
import type { OwnerScope } from '../owner-scope/owner-scope';
import { centsToEuros } from '@boats/domain/money';
import type { BookingInvoicesResponse } from '@boats/domain/schemas/manage-booking';
import type { BookingExtraRow } from '../bookings/schema';

export type CustomerInvoiceRow = typeof customerInvoices.$inferSelect;

/**
 * A customer's invoice as its booking's documents are read: with whether the admin cancelled it
 * as issued by mistake (its issuer's chain holds its registro de anulación: derived from the
 * record, never stored twice). A cancelled invoice is shown as such and counts for nothing: what
 * it replaced stands again (docs/invoicing.md#a-document-issued-by-mistake).
 */
export type BookingInvoice = CustomerInvoiceRow & { cancelled: boolean };

/** Customers' invoices with their `cancelled` flag; the caller adds the `where`. */
export function selectBookingInvoices(db: Db) {
  return db
    .select({
      ...getTableColumns(customerInvoices),
      cancelled: sql<boolean>`exists (select 1 from ${billingRecords} r
        where r.document_id = ${qualified(customerInvoices.id)} and r.kind = 'anulacion')`,
    })
    .from(customerInvoices);
}

/** What a sale's invoice reads of its booking: the sale as its lines tell it. */
export type SoldBooking = {
  id: string;
  boatId: string;
  type: 'private' | 'shared';
  startsAt: Date;
  endsAt: Date;
  seats: number;
  amountGrossCents: number;
  extras: BookingExtraRow[];
  promoCode: string | null;
  discountCents: number;
  customerName: string;
  customerAddress: string;
  language: string;
};

/** Who issues the invoices of an owner's sales (their customers' or a reseller's). */
export type InvoicingSeller = {
  ownerId: string;
  issuer: CustomerInvoiceIssuer;
  byThirdParty: boolean;
  igicBps: number | null;
};

/**
 * Who issues the invoices of an owner's sales: the platform in its own name for its boats, the
 * owner (the platform as third party) when they let it invoice for them, or null when they
 * invoice their customers themselves.
 */
export function sellerOfOwner(ctx: AppContext, o: typeof owners.$inferSelect): InvoicingSeller | null {
  if (o.isPlatform) {
    const platform = operatorIdentity(ctx.config);
    return {
      ownerId: o.id,
      issuer: {
        name: platformIssuer(ctx.config).name,
        taxId: platformIssuer(ctx.config).nif,
        address: platform.address,
        igicRegime: 'general',
      },
      byThirdParty: false,
      igicBps: percentToBps(ctx.config.IGIC_PERCENT),
    };
  }
  if (!o.invoicesCustomers) return null;
  return {
    ownerId: o.id,
    issuer: { name: o.legalName, taxId: o.taxId, address: o.address, igicRegime: o.igicRegime },
    byThirdParty: true,
    igicBps: o.igicRegime === 'exempt' ? null : o.igicBps,
  };
}

/**
 * Who issues a sold booking's invoice, or null: its owner invoices their customers themselves, or
 * a reseller bought the seats (decision 27); with the boat's name and what gift vouchers paid, for
 * the invoice's lines. One statement, on the sale's path.
 */
async function sellerOfSale(
  ctx: AppContext,
  tx: Db,
  booking: SoldBooking,
): Promise<{ seller: InvoicingSeller | null; boatTitle: LocalizedText; voucherCents: number }> {
  const [row] = await tx
    .select({
      owner: owners,
      boatTitle: boats.title,
      resold: sql<boolean>`exists (select 1 from ${payments} where ${payments.bookingId} = ${booking.id} and ${payments.method} = 'reseller')`,
      voucherCents: receivedCentsSql(booking.id, 'voucher'),
    })
    .from(boats)
    .innerJoin(owners, eq(owners.id, boats.ownerId))
    .where(eq(boats.id, booking.boatId));
  if (!row) throw new Error(`boat ${booking.boatId} has no owner`);
  return {
    seller: row.resold ? null : sellerOfOwner(ctx, row.owner),
    boatTitle: row.boatTitle,
    voucherCents: row.voucherCents,
  };
}

/**
 * Issues the invoice of a booking just sold (inside the lifecycle's transaction); null: none. A
 * reseller's sale gets none: the reseller bought the seats at the net price and resold them
 * (decision 27), so its customer is the reseller, invoiced for the month (reseller-invoices.ts).
 * `id`: the invoice's id when the caller chose it (the sale's event names it).
 */
export async function invoiceSale(
  ctx: AppContext,
  tx: Db,
  booking: SoldBooking,
  id?: string,
): Promise<CustomerInvoiceRow | null> {
  if (booking.amountGrossCents <= 0) return null;
  const { seller, boatTitle, voucherCents } = await sellerOfSale(ctx, tx, booking);
  if (!seller) return null;
  const language = languageOf(booking.language);
  const lines = saleLines({
    ...booking,
    boat: localized(boatTitle, '', language),
    extras: booking.extras.map((e) => ({ ...e, name: localized(e.name, e.id, language) })),
  });
  assertLinesAddUp(lines, booking.amountGrossCents);
  const { type, withoutRecipientId } = saleInvoice(booking.amountGrossCents);
  return issueCustomerDocument(
    ctx,
    tx,
    {
      ...(id && { id }),
      bookingId: booking.id,
      ownerId: seller.ownerId,
      issuer: seller.issuer,
      byThirdParty: seller.byThirdParty,
      invoiceType: type,
      correctsId: null,
      // A consumer gives no tax id: the record names no recipient (an F2; above the limit with the
      // art. 6.1.d flag). The full invoice still names the customer and their address, which the
      // booking flow asks for above the limit (domain contactFor).
      recipient:
        withoutRecipientId && booking.customerName
          ? { name: booking.customerName, taxId: '', address: booking.customerAddress }
          : null,
      language,
      igicBps: seller.igicBps,
      totalCents: booking.amountGrossCents,
      document: {
        operationAt: booking.startsAt.toISOString(),
        lines,
        voucherCents: Math.min(voucherCents, booking.amountGrossCents),
        issuedByPlatform: seller.byThirdParty ? platformIssuer(ctx.config).name : null,
        corrects: null,
      },
    },
    {},
  );
}

/** A customer-table document as its issuing step is given it: all but its number, parts and instant. */
export type NewCustomerDocument = Omit<
  typeof customerInvoices.$inferInsert,
  'number' | 'issuerNif' | 'baseCents' | 'igicCents' | 'issuedAt'
> & { igicBps: number | null; totalCents: number };

/**
 * Issues a document of the customer table (a customer's invoice, its rectifications, a full
 * invoice, an owner's self-billed invoice to the platform): numbered in its issuer's series of
 * its type for the year of now, its total (negative for a rectification by differences) split
 * into base and IGIC at its rate, stored, and recorded in the issuer's VERI*FACTU chain with the
 * documents it rectifies or replaces. Every such document is issued here, in the caller's
 * transaction.
 */
export async function issueCustomerDocument(
  ctx: AppContext,
  tx: Db,
  doc: NewCustomerDocument,
  links: Parameters<typeof recordCustomerInvoice>[3],
): Promise<CustomerInvoiceRow> {
  const issuedAt = ctx.now();
  const { year } = canaryYearMonth(issuedAt);
  const issuerNif = doc.issuer.taxId;
  const byRecipient = doc.byRecipient ?? false;
  const seriesKey = customerSeriesKey(issuerNif, doc.invoiceType, year, byRecipient);
  const number = customerInvoiceNumber(doc.invoiceType, year, await takeNumber(tx, seriesKey), byRecipient);
  const sign = Math.sign(doc.totalCents);
  const { baseCents, quotaCents } = splitTaxIncluded(Math.abs(doc.totalCents), doc.igicBps);
  const [invoice] = await tx
    .insert(customerInvoices)
    .values({
      ...doc,
      issuerNif,
      number,
      baseCents: sign * baseCents,
      igicCents: sign * quotaCents,
      issuedAt,
    })
    .returning();
  if (!invoice) throw new Error(`${doc.invoiceType} ${number}: the insert returned nothing`);
  await recordCustomerInvoice(ctx, tx, invoice, links);
  return invoice;
}

/**
 * A refund that succeeded gets its rectifying invoice for the amount refunded (never an edit of
 * the invoice it corrects), inside the transaction that records the refund, under the booking's
 * lock (refunds.ts finishRefund): R5 of a simplified invoice, R1 of a full one, by differences
 * (I), negative amounts at the corrected invoice's IGIC, so the booking's invoices add up to
 * what the customer kept paid. Null when the booking has no invoice (its owner invoices
 * themselves, or it was sold before invoices were issued).
 */
export async function invoiceRefund(
  ctx: AppContext,
  tx: Db,
  bookingId: string,
  refundCents: number,
  /** The refund row it is for, which its e-mail finds it by, and why the money went back. */
  refund: { id: string; cause: string } | null,
): Promise<CustomerInvoiceRow | null> {
  if (refundCents <= 0) return null;
  // An agent's cash sale: the customer gets back, with the refund, the part of the agent's
  // commission the agent hands back (decision 36), which the owner's commission documents credit.
  const backCents = refundCents + (await agentCommissionHandedBack(tx, bookingId, refundCents));
  const line: InvoiceLine = { kind: 'refund', cause: refund?.cause ?? 'operator', amountCents: -backCents };
  return rectifyByDifference(ctx, tx, bookingId, line, refund?.id ?? null);
}

/**
 * Of a refund of `refundCents` (already succeeded) on an agent's cash sale, the part of the
 * agent's commission the agent hands back to the customer with it: what the booking bore before
 * the refund less what it bears after (domain agentCommissionAtNet), so the customer gets back,
 * and the customer's invoices stop standing for, that much more. 0 for any other sale.
 */
export async function agentCommissionHandedBack(
  tx: Db,
  bookingId: string,
  refundCents: number,
): Promise<number> {
  const agent = await agentSaleOf(tx, bookingId);
  if (!agent) return 0;
  return (
    agentCommissionAtNet(agent.sale, agent.netCents + refundCents) -
    agentCommissionAtNet(agent.sale, agent.netCents)
  );
}

/**
 * A booking that became dearer after its sale (a change of date to a dearer trip, its
 * difference paid by card: bookings/reschedule-payment.ts) gets a rectifying invoice for the
 * amount added, as a refund's is for the amount taken off: by differences, positive, so the
 * booking's invoices still add up to what the customer paid. In the move's transaction.
 */
export async function invoiceSurcharge(
  ctx: AppContext,
  tx: Db,
  bookingId: string,
  addedCents: number,
  /** The new trip's start. */
  startsAt: Date,
): Promise<CustomerInvoiceRow | null> {
  if (addedCents <= 0) return null;
  const line: InvoiceLine = { kind: 'dateChange', startsAt: startsAt.toISOString(), amountCents: addedCents };
  return rectifyByDifference(ctx, tx, bookingId, line, null);
}

/**
 * A booking moved to another owner's boat (trip-cancellation's cross-owner move, in the move's
 * transaction, `booking` already on the new boat): the first owner's sale is rectified as a
 * cancellation's refund would be (by differences, for everything its invoices still stand for,
 * so they add up to 0), and the new owner's sale is invoiced for what the customer paid
 * (`paidCents`: what the booking holds of the customer's money; the platform's cover of a dearer
 * trip is not the customer's payment). A cheaper trip's refund then rectifies the new invoice,
 * as any refund does. Answers the invoices issued here (none when neither owner's invoices are
 * issued here), for the move's e-mail to carry.
 */
export async function transferSaleInvoice(
  ctx: AppContext,
  tx: Db,
  booking: SoldBooking,
  paidCents: number,
): Promise<CustomerInvoiceRow[]> {
  const invoices = await invoicesOfBooking(tx, booking.id);
  const standing = standingInvoice(invoices);
  const standsFor = standing ? standsForCents(invoices, standing) : 0;
  const rectified =
    standsFor > 0
      ? await rectifyByDifference(ctx, tx, booking.id, { kind: 'moved', amountCents: -standsFor }, null)
      : null;
  // The new owner sells the trip for what the customer paid: the first owner's extras and promo
  // code are not theirs, and what they cost is in what was paid.
  const sale = await invoiceSale(ctx, tx, {
    ...booking,
    amountGrossCents: paidCents,
    extras: [],
    promoCode: null,
    discountCents: 0,
  });
  return [rectified, sale].filter((invoice) => invoice !== null);
}

/**
 * The rectifying invoice by differences (I) of the booking's standing invoice, for one line (a
 * refund, a dearer date, the sale moved away), its amount signed.
 */
async function rectifyByDifference(
  ctx: AppContext,
  tx: Db,
  bookingId: string,
  line: InvoiceLine,
  refundId: string | null,
): Promise<CustomerInvoiceRow | null> {
  const corrected = standingInvoice(await invoicesOfBooking(tx, bookingId));
  if (!corrected) return null;
  return issueCustomerDocument(
    ctx,
    tx,
    {
      bookingId,
      ownerId: corrected.ownerId,
      issuer: corrected.issuer,
      byThirdParty: corrected.byThirdParty,
      invoiceType: refundInvoiceType(corrected.invoiceType),
      correctsId: corrected.id,
      refundId,
      recipient: corrected.recipient,
      language: corrected.language,
      igicBps: corrected.igicBps,
      totalCents: line.amountCents,
      document: {
        operationAt: line.kind === 'dateChange' ? line.startsAt : corrected.document.operationAt,
        lines: [line],
        voucherCents: 0,
        issuedByPlatform: corrected.document.issuedByPlatform,
        corrects: { number: corrected.number, issuedAt: corrected.issuedAt.toISOString() },
      },
    },
    { rectified: corrected },
  );
}

/**
 * A company's full invoice replacing a booking's simplified one (F3, its record naming the F2 it
 * substitutes and the company as recipient), for what the booking kept invoiced: the simplified
 * invoice less its rectifying ones. The caller holds the booking's row lock (manage-booking), so
 * two requests of one booking queue and the second finds the F3, whatever the amount (a
 * consumer's F2 above the limit is replaced as one within it). 409 when the booking has no F2
 * standing (none issued, or already a full one); 400 on `taxId` when the company is the issuer
 * itself, which the AEAT refuses (1193), before a number is taken.
 */
export async function replaceSimplified(
  ctx: AppContext,
  tx: Db,
  bookingId: string,
  company: InvoiceParty,
): Promise<{ invoice: CustomerInvoiceRow; replaces: CustomerInvoiceRow }> {
  const invoices = await invoicesOfBooking(tx, bookingId);
  const replaceable = replaceableSimplified(invoices);
  if (!replaceable.ok) throw replaceable.refusal;
  const { standing, totalCents } = replaceable;
  // The full invoice replaces the simplified invoice and its rectifying ones (a refund, a dearer
  // date), all simplified documents (RD 1619/2012 art. 4.1.b), naming each in its record
  // (FacturasSustituidas), so the booking's standing documents are the F3 alone, for what they
  // added up to; its lines are theirs. docs/invoicing.md#a-full-invoice-after-a-rectification.
  const stood = invoices.filter(
    (i) => !i.cancelled && (i.id === standing.id || i.correctsId === standing.id),
  );
  const lines = stood.flatMap((i) => i.document.lines);
  assertLinesAddUp(lines, totalCents);
  assertRecipientAllowed(standing.issuerNif, company);
  const invoice = await issueCustomerDocument(
    ctx,
    tx,
    {
      bookingId,
      ownerId: standing.ownerId,
      issuer: standing.issuer,
      byThirdParty: standing.byThirdParty,
      invoiceType: 'F3',
      correctsId: standing.id,
      recipient: company,
      language: standing.language,
      igicBps: standing.igicBps,
      totalCents,
      document: {
        operationAt: stood.reduce(
          (at, i) => (i.document.lines[0]?.kind === 'dateChange' ? i.document.operationAt : at),
          standing.document.operationAt,
        ),
        lines,
        voucherCents: Math.min(standing.document.voucherCents, totalCents),
        issuedByPlatform: standing.document.issuedByPlatform,
        corrects: { number: standing.number, issuedAt: standing.issuedAt.toISOString() },
      },
    },
    { substituted: stood },
  );
  return { invoice, replaces: standing };
}

/**
 * 400 on `taxId` when the AEAT would refuse a record naming this recipient (1193: the issuer
 * itself), before a number is taken.
 */
export function assertRecipientAllowed(issuerNif: string, recipient: { name: string; taxId: string }): void {
  const [refused] = recipientBreaches(issuerNif, [recordParty(recipient.name, recipient.taxId)]);
  if (!refused) return;
  throw new DomainError(
    400,
    'recipient_refused',
    `The AEAT would refuse this invoice (its validation ${String(refused.code)}): ${refused.text}`,
    { aeatCode: refused.code },
    [
      {
        path: 'body.taxId',
        message:
          refused.code === 1193
            ? 'This is the seller’s own tax id: an invoice cannot be addressed to its issuer.'
            : refused.text,
      },
    ],
  );
}

/**
 * The rectifying invoice by substitution of a customer's invoice naming a recipient, to the
 * recipient's corrected data (docs/invoicing.md#changing-the-recipients-data): the same lines,
 * amounts and date of the operation as the invoice it rectifies, which it names with its date, the
 * new recipient, numbered in the issuer's rectifying series and chained (R1, TipoRectificativa S,
 * ImporteRectificacion the rectified invoice's base and quota). It replaces the rectified invoice
 * total for total (replacedInvoices), so the booking's standing documents still add up to what it
 * kept. The caller holds the booking's row lock and has checked that `rectified` may be substituted.
 */
export async function substituteCustomerInvoice(
  ctx: AppContext,
  tx: Db,
  rectified: BookingInvoice,
  recipient: InvoiceParty,
): Promise<CustomerInvoiceRow> {
  assertRecipientAllowed(rectified.issuerNif, recipient);
  // The same total at the same rate splits into the rectified invoice's base and IGIC again.
  return issueCustomerDocument(
    ctx,
    tx,
    {
      bookingId: rectified.bookingId,
      ownerId: rectified.ownerId,
      issuer: rectified.issuer,
      byThirdParty: rectified.byThirdParty,
      invoiceType: refundInvoiceType(rectified.invoiceType),
      correctsId: rectified.id,
      bySubstitution: true,
      recipient,
      language: rectified.language,
      igicBps: rectified.igicBps,
      totalCents: rectified.totalCents,
      document: {
        ...rectified.document,
        corrects: { number: rectified.number, issuedAt: rectified.issuedAt.toISOString() },
      },
    },
    { rectified },
  );
}

/**
 * The simplified invoice a company's full invoice would replace, with what it still invoices (less
 * its rectifying invoices), or why none can be asked for: no invoice, a full one already, or
 * refunded in full. One rule for the request and for the screens that offer it.
 */
function replaceableSimplified(
  invoices: BookingInvoice[],
): { ok: true; standing: BookingInvoice; totalCents: number } | { ok: false; refusal: DomainError } {
  const standing = standingInvoice(invoices);
  if (!standing)
    return { ok: false, refusal: conflict('no_invoice', 'This booking has no invoice the platform issued.') };
  if (standing.invoiceType !== 'F2') {
    return {
      ok: false,
      refusal: conflict(
        'full_invoice_exists',
        `This booking already has a full invoice: ${standing.number}.`,
        {
          number: standing.number,
        },
      ),
    };
  }
  const totalCents = standsForCents(invoices, standing);
  if (totalCents <= 0) {
    return { ok: false, refusal: conflict('nothing_invoiced', 'This booking was refunded in full.') };
  }
  return { ok: true, standing, totalCents };
}

/** A booking's invoices as its customer reads them, and whether a full invoice may be asked for. */
export async function bookingInvoicesView(db: Db, bookingId: string): Promise<BookingInvoicesResponse> {
  const invoices = await invoicesOfBooking(db, bookingId);
  const byId = new Map(invoices.map((i) => [i.id, i]));
  const replaced = replacedInvoices(invoices);
  return {
    invoices: invoices.map((i) => ({
      _id: i.id,
      number: i.number,
      invoiceType: i.invoiceType,
      total: centsToEuros(i.totalCents),
      issuedAt: i.issuedAt.toISOString(),
      corrects: (i.correctsId && byId.get(i.correctsId)?.number) ?? null,
      company: i.invoiceType === 'F3' || i.bySubstitution ? (i.recipient?.name ?? null) : null,
      replaced: replaced.has(i.id),
      cancelled: i.cancelled,
    })),
    fullInvoiceAvailable: replaceableSimplified(invoices).ok,
    invoicedByOwner: invoices.length === 0 ? await selfInvoicingOwnerOf(db, bookingId) : null,
  };
}

/** The owner of a booking's boat when they invoice their customers themselves; null otherwise. */
async function selfInvoicingOwnerOf(
  db: Db,
  bookingId: string,
): Promise<{ name: string; taxId: string } | null> {
  const [owner] = await db
    .select({
      name: owners.legalName,
      taxId: owners.taxId,
      isPlatform: owners.isPlatform,
      invoices: owners.invoicesCustomers,
    })
    .from(bookings)
    .innerJoin(boats, eq(boats.id, bookings.boatId))
    .innerJoin(owners, eq(owners.id, boats.ownerId))
    .where(eq(bookings.id, bookingId));
  return owner && !owner.isPlatform && !owner.invoices ? { name: owner.name, taxId: owner.taxId } : null;
}

/**
 * Writes a customer invoice's billing record (registro de alta), chained after its issuer's last
 * one, from the invoice as stored: a sale's, a refund's rectifying one naming the invoice it
 * corrects, or a full invoice naming the simplified one it replaces and its recipient.
 */
export async function recordCustomerInvoice(
  ctx: AppContext,
  tx: Db,
  invoice: CustomerInvoiceRow,
  links: { rectified?: CustomerInvoiceRow; substituted?: CustomerInvoiceRow[] },
): Promise<void> {
  await recordIssuedInvoice(
    ctx,
    tx,
    invoice,
    { kind: 'customer_invoice' },
    {
      rectified: links.rectified,
      bySubstitution: invoice.bySubstitution,
      substituted: links.substituted,
      // The AEAT's records are in Spanish, whatever language the customer reads.
      description: recordDescription(invoice, links.rectified),
      operationAt: new Date(invoice.document.operationAt),
      // A consumer's F2 above the limit, and its R5, say that the recipient is not identified.
      withoutRecipientId: isWithoutRecipientId(invoice, links.rectified),
      // The recipient with a tax id (a company's F3, and the R1 rectifying it, which copies the
      // F3's recipient) is named; a consumer, who gave only a name, is not (F2 and R5 name none).
      recipients: invoice.recipient?.taxId
        ? [recordParty(invoice.recipient.name, invoice.recipient.taxId)]
        : [],
    },
  );
}

/** An invoice whose lines do not add up to its total is a defect, never a document. */
function assertLinesAddUp(lines: readonly InvoiceLine[], totalCents: number): void {
  const sum = linesTotalCents(lines);
  if (sum !== totalCents) throw new Error(`invoice lines add up to ${sum} cents, not ${totalCents}`);
}

/**
 * What the record says was invoiced (in Spanish, as the AEAT reads it), from the invoice's own
 * lines and, for a rectifying invoice, the service of the invoice it corrects: "Plazas en excursión
 * compartida en barco, reserva ABC123", "Devolución: alquiler de embarcación, reserva …".
 */
function recordDescription(invoice: CustomerInvoiceRow, rectified?: CustomerInvoiceRow): string {
  const reference = `reserva ${bookingReference(invoice.bookingId)}`;
  const [line] = invoice.document.lines;
  if (!rectified || !line) {
    const service = serviceInSpanish(invoice.document.lines);
    return `${service.charAt(0).toUpperCase()}${service.slice(1)}, ${reference}`;
  }
  const service = serviceInSpanish(rectified.document.lines);
  if (invoice.bySubstitution) {
    return `Rectificación por sustitución, datos del destinatario: ${service}, ${reference}`;
  }
  if (line.kind === 'dateChange') return `Diferencia por cambio de fecha: ${service}, ${reference}`;
  if (line.kind === 'moved') return `Anulación por traslado a otra embarcación: ${service}, ${reference}`;
  if (line.kind === 'platformCover') return `Devolución a la plataforma: ${service}, ${reference}`;
  if (line.kind === 'refund' && line.cause === GOODWILL_CAUSE)
    return `Devolución por cortesía comercial: ${service}, ${reference}`;
  return `Devolución: ${service}, ${reference}`;
}

/**
 * The invoices that no longer stand because another replaced them: the simplified invoice a
 * company's full invoice names and that one's rectifying invoices, all issued before it (later
 * ones rectify the F3); and an invoice a rectifying invoice by substitution replaced, total for
 * total (docs/invoicing.md#changing-the-recipients-data). A cancelled document replaces nothing.
 */
function replacedInvoices(invoices: BookingInvoice[]): Set<string> {
  const live = invoices.filter((i) => !i.cancelled);
  const simplified = new Set(live.filter((i) => i.invoiceType === 'F3').map((i) => i.correctsId));
  const substituted = new Set(live.filter((i) => i.bySubstitution).map((i) => i.correctsId));
  return new Set(
    invoices
      .filter(
        (i) =>
          simplified.has(i.id) ||
          substituted.has(i.id) ||
          (i.invoiceType.startsWith('R') && i.correctsId !== null && simplified.has(i.correctsId)),
      )
      .map((i) => i.id),
  );
}

/**
 * The sale invoice that stands for a booking: its F1 or F2, the F3 that replaced its F2, or the
 * rectifying invoice by substitution that replaced either (read from what replaces what, not from
 * the instants, which may be equal). A booking moved to another
 * owner's boat has two sales: the first owner's, rectified to nothing, and the new owner's, which
 * stands; so the last sale that still invoices something stands, whatever order two sales of one
 * instant come in (a frozen clock issued a refund's rectification in the first owner's name).
 */
export function standingInvoice(invoices: BookingInvoice[]): BookingInvoice | undefined {
  const replaced = replacedInvoices(invoices);
  const sales = invoices.filter(
    (i) => (!i.invoiceType.startsWith('R') || i.bySubstitution) && !i.cancelled && !replaced.has(i.id),
  );
  return sales.findLast((sale) => standsForCents(invoices, sale) !== 0) ?? sales.at(-1);
}

/**
 * What a sale invoice still invoices: its total and its rectifying invoices' by differences (a
 * substitution replaces it instead: it stands in its place).
 */
function standsForCents(invoices: BookingInvoice[], standing: BookingInvoice): number {
  return invoices
    .filter(
      (i) => !i.cancelled && (i.id === standing.id || (i.correctsId === standing.id && !i.bySubstitution)),
    )
    .reduce((sum, i) => sum + i.totalCents, 0);
}

/**
 * The invoices of a booking, first issued first; of two issued at the same instant, the one
 * corrected or replaced comes before the one correcting or replacing it.
 */
export async function invoicesOfBooking(db: Db, bookingId: string): Promise<BookingInvoice[]> {
  const rows = await selectBookingInvoices(db)
    // The customer's: never the owner's invoice to the platform for its cover.
    .where(and(eq(customerInvoices.bookingId, bookingId), eq(customerInvoices.byRecipient, false)))
    .orderBy(customerInvoices.issuedAt, customerInvoices.number);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const depth = (r: BookingInvoice): number => {
    const corrected = r.correctsId ? byId.get(r.correctsId) : undefined;
    return corrected ? 1 + depth(corrected) : 0;
  };
  // A stable sort: rows of one instant and one depth keep the query's order.
  return rows.sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime() || depth(a) - depth(b));
}

/** An owner's customers' invoices (the platform's own row: its boats' ones), newest first. */
export async function customerInvoicesOfOwner(
  db: Db,
  ownerId: string,
  limit = 500,
): Promise<BookingInvoice[]> {
  return selectBookingInvoices(db)
    .where(eq(customerInvoices.ownerId, ownerId))
    .orderBy(desc(customerInvoices.issuedAt), desc(customerInvoices.number))
    .limit(limit);
}

/** One customer's invoice of the scope's owner (the admin: any); undefined for another owner's. */
export async function findCustomerInvoice(
  db: Db,
  scope: OwnerScope,
  id: string,
): Promise<BookingInvoice | undefined> {
  const [row] = await selectBookingInvoices(db).where(
    and(eq(customerInvoices.id, id), scope.all ? sql`true` : eq(customerInvoices.ownerId, scope.ownerId)),
  );
  return row;
}
