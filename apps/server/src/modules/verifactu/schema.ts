// The VERI*FACTU tables (docs/invoicing.md#records): the billing record of each document issued
// or cancelled, chained per issuer (the chain's head in billing_chains), and the outbox of records
// waiting for the AEAT with each one's answer. Records are append-only: a trigger (migration 0033)
// refuses UPDATE and DELETE; a correction is a new record.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  check,
} from 'drizzle-orm/pg-core';
import {
  BILLED_DOCUMENT_KINDS,
  INVOICE_TYPES,
  RECORD_KINDS,
  SUBMISSION_STATES,
  type PreviousLink,
  type RecordContent,
  type SystemIdentity,
} from '@boats/domain/verifactu';
import { instant, sqlList } from '../../db/columns';

// The head of each issuer's chain of billing records (one per NIF: the platform, and each owner
// invoiced in their name). Adding a record locks this row (FOR UPDATE) until the transaction
// ends, so two documents issued at once get consecutive positions and links.
export const billingChains = pgTable('billing_chains', {
  issuerNif: text('issuer_nif').primaryKey(),
  length: integer('length').notNull().default(0),
  lastRecordId: uuid('last_record_id'),
});

// The VERI*FACTU billing records: one per document issued (alta) or cancelled (anulación), each
// with its place in its issuer's chain, the previous record's link and its own hash. Written
// once: a trigger refuses UPDATE and DELETE (migration 0033).
export const billingRecords = pgTable(
  'billing_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issuerNif: text('issuer_nif').notNull(),
    // 1 for the issuer's first record, then one more for each.
    position: integer('position').notNull(),
    kind: text('kind', { enum: RECORD_KINDS }).notNull(),
    numSerie: text('num_serie').notNull(),
    // dd-mm-yyyy, as the AEAT writes it.
    issueDate: text('issue_date').notNull(),
    invoiceType: text('invoice_type', { enum: INVOICE_TYPES }),
    content: jsonb('content').$type<RecordContent>().notNull(),
    previous: jsonb('previous').$type<PreviousLink>(),
    generatedAt: text('generated_at').notNull(),
    hash: text('hash').notNull(),
    system: jsonb('system').$type<SystemIdentity>().notNull(),
    documentKind: text('document_kind', { enum: BILLED_DOCUMENT_KINDS }).notNull(),
    documentId: uuid('document_id').notNull(),
    // A record correcting one the AEAT rejected: the rejected one.
    correctsRecordId: uuid('corrects_record_id').references((): AnyPgColumn => billingRecords.id),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('billing_records_position_idx').on(t.issuerNif, t.position),
    index('billing_records_document_idx').on(t.documentId),
    index('billing_records_created_idx').on(t.createdAt),
    check('billing_records_kind_check', sql`${t.kind} in ${sqlList(RECORD_KINDS)}`),
    check('billing_records_document_kind_check', sql`${t.documentKind} in ${sqlList(BILLED_DOCUMENT_KINDS)}`),
    check(
      'billing_records_type_check',
      sql`(${t.kind} = 'alta') = (${t.invoiceType} is not null) and (${t.invoiceType} is null or ${t.invoiceType} in ${sqlList(INVOICE_TYPES)})`,
    ),
  ],
);

// Each record's way to the AEAT: waiting (pending), in a message (sent, until lease_until), and
// the AEAT's answer. State changes are not edits of the record, so they live here.
export const aeatSubmissions = pgTable(
  'aeat_submissions',
  {
    recordId: uuid('record_id')
      .primaryKey()
      .references(() => billingRecords.id),
    issuerNif: text('issuer_nif').notNull(),
    state: text('state', { enum: SUBMISSION_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    // Not sent before this instant (a failed attempt's backoff).
    notBefore: instant('not_before').notNull(),
    // A sent record whose answer never came is sent again after this instant.
    leaseUntil: instant('lease_until'),
    sentAt: instant('sent_at'),
    answeredAt: instant('answered_at'),
    errorCode: integer('error_code'),
    errorText: text('error_text'),
    // The AEAT's receipt of the message that carried the record.
    receipt: text('receipt'),
  },
  (t) => [
    check('aeat_submissions_state_check', sql`${t.state} in ${sqlList(SUBMISSION_STATES)}`),
    index('aeat_submissions_due_idx')
      .on(t.issuerNif, t.notBefore)
      .where(sql`${t.state} in ('pending', 'sent')`),
    // The records page's alerts: the few records to correct (rejected, or accepted with errors)
    // among a season's, without reading them all.
    index('aeat_submissions_to_correct_idx')
      .on(t.recordId)
      .where(sql`${t.state} in ('rejected', 'accepted_with_errors')`),
  ],
);

// Per issuer, when the AEAT allows the next message (TiempoEsperaEnvio of the last answer).
export const aeatSendWindows = pgTable('aeat_send_windows', {
  issuerNif: text('issuer_nif').primaryKey(),
  notBefore: instant('not_before').notNull(),
});
