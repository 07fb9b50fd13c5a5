/**
 * VERI*FACTU billing records (RD 1007/2023, Orden HAC/1177/2024; docs/invoicing.md): what a
 * record of an issued invoice (alta) or of an invoice cancelled as issued by mistake (anulación)
 * carries, the hash (huella) that chains each issuer's records, the check of a whole chain, and
 * the QR code's address on every invoice.
 *
 * Every value a record's hash covers is kept as the text the AEAT receives (amounts '12.35',
 * dates 'dd-mm-yyyy', the generation instant with its Canary offset), so the hash recomputed
 * from a stored record, the XML sent and the QR printed can never disagree by a format.
 */
import { canaryDateKey, canaryLocalDateTime, type InstantInput } from './canary-time';
import { sha256Hex } from './sha256';

/** F1 full, F2 simplified, F3 full replacing simplified ones, R1–R5 rectifying (R5: of a simplified). */
export const INVOICE_TYPES = ['F1', 'F2', 'F3', 'R1', 'R2', 'R3', 'R4', 'R5'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];

export const RECORD_KINDS = ['alta', 'anulacion'] as const;

/**
 * The documents a record can be of: the platform's commission invoices, customers' invoices, and
 * the invoices to resellers.
 */
export const BILLED_DOCUMENT_KINDS = ['commission_invoice', 'customer_invoice', 'reseller_invoice'] as const;
export type BilledDocumentKind = (typeof BILLED_DOCUMENT_KINDS)[number];
export type RecordKind = (typeof RECORD_KINDS)[number];

/** IGIC, the Canary Islands' indirect tax, in the AEAT's list of taxes (ImpuestoType). */
export const TAX_IGIC = '03';
/** General regime (ClaveRegimen 01). */
export const REGIME_GENERAL = '01';
export const EXEMPTION_CAUSES = ['E1', 'E2', 'E3', 'E4', 'E5', 'E6'] as const;
export type ExemptionCause = (typeof EXEMPTION_CAUSES)[number];

/** The AEAT's identification of one invoice: issuer's NIF, series and number, issue date. */
export interface RecordId {
  issuerNif: string;
  numSerie: string;
  /** dd-mm-yyyy */
  issueDate: string;
}

/** A recipient or third party: a Spanish NIF, or another id (EU VAT number: idType '02'). */
export type RecordParty =
  | { name: string; nif: string }
  | {
      name: string;
      idOtro: { country: string; idType: '02' | '03' | '04' | '05' | '06' | '07'; id: string };
    };

/** One line of the tax breakdown (DetalleDesglose): taxed at a rate (S1) or exempt with its cause. */
export interface TaxLine {
  tax: typeof TAX_IGIC;
  regimeKey: typeof REGIME_GENERAL;
  /** 'S1' taxed, or the exemption's cause. */
  qualification: 'S1' | ExemptionCause;
  /** '7.00' when taxed, null when exempt. */
  rate: string | null;
  base: string;
  /** '7.00' when taxed, null when exempt. */
  quota: string | null;
}

/** What a registro de alta says of its invoice (everything but the chain). */
export interface AltaContent {
  kind: 'alta';
  id: RecordId;
  issuerName: string;
  invoiceType: InvoiceType;
  /** R-types: 'I' by differences (our credit notes and refunds), 'S' by substitution. */
  rectificationType: 'I' | 'S' | null;
  rectified: RecordId[];
  /** F3: the simplified invoices it replaces. */
  substituted: RecordId[];
  /**
   * A rectification by substitution (S): the base and quota of the invoice it replaces
   * (ImporteRectificacion's BaseRectificada and CuotaRectificada, which the AEAT requires for S and
   * refuses otherwise: 1118, 1119); absent on every other record.
   */
  rectifiedAmounts?: { base: string; quota: string };
  /**
   * The day of the operation (dd-mm-yyyy) when it came before the day of issue (FechaOperacion):
   * a trip's refund or full invoice issued after it sailed. Absent when they are the same day or
   * the trip lies ahead, and on records written before it was kept.
   */
  operationDate?: string;
  description: string;
  /** A full invoice to a consumer who gave no tax id (RD 1619/2012 art. 6.1.d). */
  withoutRecipientId: boolean;
  /** The platform issuing in an owner's name (EmitidaPorTerceroODestinatario = T). */
  thirdParty: RecordParty | null;
  /**
   * The recipient issuing in the issuer's name (EmitidaPorTerceroODestinatario = D): the platform's
   * self-billed invoice for its cover; absent on every other record.
   */
  issuedByRecipient?: boolean;
  recipients: RecordParty[];
  lines: TaxLine[];
  totalQuota: string;
  totalAmount: string;
  /** A new record correcting one the AEAT rejected (Subsanacion S, RechazoPrevio S). */
  correctsRejected: boolean;
  /**
   * A new record correcting one the AEAT holds but accepted with errors (Subsanacion S alone);
   * absent on records written before it was kept.
   */
  correctsAccepted?: boolean;
}

/** What a registro de anulación says: the invoice it cancels. */
export interface AnulacionContent {
  kind: 'anulacion';
  id: RecordId;
  /** Cancelling a record the AEAT rejected (RechazoPrevio S). */
  correctsRejected: boolean;
}

export type RecordContent = AltaContent | AnulacionContent;

/** The link to the issuer's previous record (null for the first of a chain). */
export interface PreviousLink extends RecordId {
  hash: string;
}

/** A record as chained: its content, the previous record, when it was generated, its own hash. */
export type ChainedRecord = RecordContent & {
  previous: PreviousLink | null;
  /** 2027-01-04T10:15:00+00:00: Canary wall clock with its offset. */
  generatedAt: string;
  hash: string;
};

/** The software's identity each record carries (SistemaInformatico). */
export interface SystemIdentity {
  producerName: string;
  producerNif: string;
  name: string;
  id: string;
  version: string;
  installation: string;
}

/** '12.35', '-3.00': cents as the AEAT writes amounts (a dot, two decimals). */
export function aeatAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError('amounts are whole cents');
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${String(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents of an AEAT amount ('12.35' → 1235). */
export function centsOfAeatAmount(amount: string): number {
  const m = /^([+-])?(\d{1,12})(?:\.(\d{1,2}))?$/.exec(amount);
  if (!m) throw new RangeError(`not an AEAT amount: ${amount}`);
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  return m[1] === '-' ? -cents : cents;
}

/** A rate in percent as the AEAT writes it: 7 → '7.00'. */
export function aeatRate(percent: number): string {
  return aeatAmount(Math.round(percent * 100));
}

/** The Canary date of an instant as the AEAT writes it: dd-mm-yyyy. */
export function aeatDate(instant: InstantInput): string {
  const [y, m, d] = canaryDateKey(instant).split('-');
  return `${d as string}-${m as string}-${y as string}`;
}

/**
 * The text a registro de alta's hash is taken of, in the AEAT's order: issuer, number, date,
 * type, total quota, total amount, the previous record's hash (empty for the first), the
 * generation instant. Values are trimmed; names joined by '=' and fields by '&', unencoded.
 */
export function altaHashInput(r: {
  id: RecordId;
  /** An InvoiceType; any text as the fake AEAT reads it from a record. */
  invoiceType: string;
  totalQuota: string;
  totalAmount: string;
  previousHash: string;
  generatedAt: string;
}): string {
  return joinFields([
    ['IDEmisorFactura', r.id.issuerNif],
    ['NumSerieFactura', r.id.numSerie],
    ['FechaExpedicionFactura', r.id.issueDate],
    ['TipoFactura', r.invoiceType],
    ['CuotaTotal', r.totalQuota],
    ['ImporteTotal', r.totalAmount],
    ['Huella', r.previousHash],
    ['FechaHoraHusoGenRegistro', r.generatedAt],
  ]);
}

/** The text a registro de anulación's hash is taken of (the cancelled invoice, previous hash, instant). */
export function anulacionHashInput(r: { id: RecordId; previousHash: string; generatedAt: string }): string {
  return joinFields([
    ['IDEmisorFacturaAnulada', r.id.issuerNif],
    ['NumSerieFacturaAnulada', r.id.numSerie],
    ['FechaExpedicionFacturaAnulada', r.id.issueDate],
    ['Huella', r.previousHash],
    ['FechaHoraHusoGenRegistro', r.generatedAt],
  ]);
}

const joinFields = (fields: [string, string][]): string =>
  fields.map(([name, value]) => `${name}=${value.trim()}`).join('&');

/** The hash (huella) of a record: SHA-256 of its hash text, upper-case hexadecimal. */
export function recordHash(
  r: RecordContent & { previous: PreviousLink | null; generatedAt: string },
): string {
  const previousHash = r.previous?.hash ?? '';
  const input =
    r.kind === 'alta'
      ? altaHashInput({ ...r, previousHash })
      : anulacionHashInput({ id: r.id, previousHash, generatedAt: r.generatedAt });
  return sha256Hex(input);
}

/** Chains `content` after `previous` (null: the issuer's first record) at `instant`. */
export function chainRecord(
  content: RecordContent,
  previous: { id: RecordId; hash: string } | null,
  instant: InstantInput,
): ChainedRecord {
  const link = previous ? { ...previous.id, hash: previous.hash } : null;
  const generatedAt = canaryLocalDateTime(instant);
  return {
    ...content,
    previous: link,
    generatedAt,
    hash: recordHash({ ...content, previous: link, generatedAt }),
  };
}

export type ChainCheck =
  | { ok: true; count: number }
  | { ok: false; count: number; verified: number; position: number; reason: string };

/**
 * Checks one issuer's chain from its first record, in chain order: each record's hash is the hash
 * of its own fields, and it names the record before it (identification and hash); the first names
 * none. `verified` is how many records held before the first that does not.
 */
export function verifyChain(records: readonly ChainedRecord[]): ChainCheck {
  let before: ChainedRecord | null = null;
  for (const [index, record] of records.entries()) {
    const fail = (reason: string): ChainCheck => ({
      ok: false,
      count: records.length,
      verified: index,
      position: index + 1,
      reason,
    });
    if (before === null) {
      if (record.previous !== null) return fail('the first record names a previous one');
    } else {
      const p = record.previous;
      if (!p) return fail('the record names no previous record');
      if (p.hash !== before.hash) return fail('the previous hash is not the previous record’s hash');
      if (
        p.issuerNif !== before.id.issuerNif ||
        p.numSerie !== before.id.numSerie ||
        p.issueDate !== before.id.issueDate
      )
        return fail('the previous record’s identification differs');
    }
    if (recordHash(record) !== record.hash) return fail('the hash does not match the record’s fields');
    before = record;
  }
  return { ok: true, count: records.length };
}

/** The AEAT's verification service (ValidarQR): the pre-production host unless production. */
export const QR_BASE = {
  preproduction: 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR',
  production: 'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR',
} as const;
export type AeatEnvironment = keyof typeof QR_BASE;

/** The address a VERI*FACTU invoice's QR code holds: issuer NIF, number, issue date, total. */
export function verifactuQrUrl(
  environment: AeatEnvironment,
  r: { id: RecordId; totalAmount: string },
): string {
  const query = [
    ['nif', r.id.issuerNif],
    ['numserie', r.id.numSerie],
    ['fecha', r.id.issueDate],
    ['importe', r.totalAmount],
  ]
    .map(([k, v]) => `${k as string}=${encodeURIComponent(v as string)}`)
    .join('&');
  return `${QR_BASE[environment]}?${query}`;
}

/** The QR code's printed size (30–40 mm) and error correction (M), per the AEAT's specification. */
export const QR_SIZE_MM = 35;
export const QR_ERROR_CORRECTION = 'M';

/** The legend printed beside the QR of a VERI*FACTU invoice. */
export const QR_TITLE = 'QR tributario:';
export const VERIFACTU_LEGEND = 'Factura verificable en la sede electrónica de la AEAT';
export const VERIFACTU_MARK = 'VERI*FACTU';

/** The AEAT's batch limit: at most 1,000 records in one message (SuministroLR.xsd). */
export const AEAT_BATCH_LIMIT = 1000;

/** Each record's state with the AEAT. */
export const SUBMISSION_STATES = [
  'pending',
  'sent',
  'accepted',
  'accepted_with_errors',
  'rejected',
  'corrected',
] as const;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];
