// The billing record (registro de alta) of an invoice issued as, or for, an issuer: a customer's
// invoice in the owner's name and a reseller's monthly invoice differ in what they name (the
// corrected or replaced invoice, the recipient, the description), not in how their record is made.
import {
  aeatAmount,
  aeatDate,
  aeatRate,
  type AltaContent,
  type BilledDocumentKind,
  type RecordParty,
  type TaxLine,
} from '@boats/domain/verifactu';
import { canaryDateKey } from '@boats/domain/canary-time';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { appendRecord } from './billing-records';
import { platformIssuer, type Issuer } from './issuers';

/** What an issued invoice's row keeps that its record carries. */
export type IssuedInvoice = {
  id: string;
  issuerNif: string;
  issuer: { name: string };
  number: string;
  issuedAt: Date;
  invoiceType: AltaContent['invoiceType'];
  byThirdParty: boolean;
  /** Issued by its recipient (the platform) in the issuer's name; absent: false. */
  byRecipient?: boolean;
  igicBps: number | null;
  baseCents: number;
  igicCents: number;
  totalCents: number;
};

/**
 * An invoice's one tax line: IGIC (tax 03, regime 01) at its rate, or exempt (a customer's,
 * a reseller's and the platform's commission invoices alike). The AEAT's exemption
 * causes name articles of the VAT law (E1 its article 20, … E5 its article 25; the XSD's
 * OperacionExentaType); a small business's IGIC exemption (Ley 20/1991 art. 10.1.28º) is none of
 * them, so its cause is E6, "exenta por otros".
 */
export function taxLine(invoice: Pick<IssuedInvoice, 'igicBps' | 'baseCents' | 'igicCents'>): TaxLine {
  if (invoice.igicBps === null) {
    return {
      tax: '03',
      regimeKey: '01',
      qualification: 'E6',
      rate: null,
      base: aeatAmount(invoice.baseCents),
      quota: null,
    };
  }
  return {
    tax: '03',
    regimeKey: '01',
    qualification: 'S1',
    rate: aeatRate(invoice.igicBps / 100),
    base: aeatAmount(invoice.baseCents),
    quota: aeatAmount(invoice.igicCents),
  };
}

/**
 * Writes `invoice`'s record, chained after its issuer's last one, in the caller's transaction: it
 * names the invoice it rectifies (`rectified`, by differences or by substitution) or the simplified
 * ones it replaces (`substituted`), and the
 * platform as the third party that issued it when it issued in the owner's name.
 */
export async function recordIssuedInvoice(
  ctx: AppContext,
  tx: Db,
  invoice: IssuedInvoice,
  document: { kind: BilledDocumentKind },
  names: {
    description: string;
    recipients: RecordParty[];
    withoutRecipientId: boolean;
    rectified?: IssuedInvoice;
    /** `rectified` is replaced, total for total (TipoRectificativa S), not corrected by differences. */
    bySubstitution?: boolean;
    substituted?: IssuedInvoice[];
    /** When the service invoiced was given (a customer's invoice: the trip's start). */
    operationAt?: Date;
  },
): Promise<void> {
  const issuer: Issuer = { nif: invoice.issuerNif, name: invoice.issuer.name.slice(0, 120) };
  const reference = (of: IssuedInvoice) => ({
    issuerNif: issuer.nif,
    numSerie: of.number,
    issueDate: aeatDate(of.issuedAt),
  });
  const platform = platformIssuer(ctx.config);
  const content: AltaContent = {
    kind: 'alta',
    id: reference(invoice),
    issuerName: issuer.name,
    invoiceType: invoice.invoiceType,
    rectificationType: names.rectified ? (names.bySubstitution ? 'S' : 'I') : null,
    rectified: names.rectified ? [reference(names.rectified)] : [],
    substituted: (names.substituted ?? []).map(reference),
    // By substitution, the AEAT asks for the replaced invoice's base and quota (1118).
    ...(names.rectified &&
      names.bySubstitution && {
        rectifiedAmounts: {
          base: aeatAmount(names.rectified.baseCents),
          quota: aeatAmount(names.rectified.igicCents),
        },
      }),
    // FechaOperacion only for an operation before the day of issue, as the AEAT asks (the day of
    // issue stands for it otherwise; a trip ahead is not an operation done).
    ...(names.operationAt &&
      canaryDateKey(names.operationAt) < canaryDateKey(invoice.issuedAt) && {
        operationDate: aeatDate(names.operationAt),
      }),
    description: names.description,
    withoutRecipientId: names.withoutRecipientId,
    // The platform's own NIF, as its commission invoices' records carry it (ObligadoEmision).
    thirdParty: invoice.byThirdParty ? { name: platform.name, nif: platform.nif } : null,
    ...(invoice.byRecipient && { issuedByRecipient: true }),
    recipients: names.recipients,
    lines: [taxLine(invoice)],
    totalQuota: aeatAmount(invoice.igicCents),
    totalAmount: aeatAmount(invoice.totalCents),
    correctsRejected: false,
  };
  await appendRecord(
    tx,
    ctx.config,
    issuer,
    content,
    { kind: document.kind, id: invoice.id },
    invoice.issuedAt,
  );
}
