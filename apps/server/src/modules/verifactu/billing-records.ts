// The VERI*FACTU billing records (docs/invoicing.md#records): each document the system issues
// gets its record in the transaction that issues it, chained after its issuer's previous record.
//
// Lock order: whoever issues a document takes its series' counter first (invoice_counters), then
// the issuer's chain head (billing_chains, locked by the upsert that reads it), last of all the rows it locks, and waits
// for nothing else while holding it. So two documents of one issuer issued at the same instant
// queue on the head and get consecutive positions and links, on any number of instances.
import { asc, eq } from 'drizzle-orm';
import {
  chainRecord,
  type BilledDocumentKind,
  type ChainedRecord,
  type RecordContent,
} from '@boats/domain/verifactu';
import { altaBreaches, altaRuleInput } from '@boats/domain/aeat-validations';
import type { Config } from '../../config';
import { conflict } from '../../http/errors';
import type { Db } from '../../db/client';
import { type Issuer, systemIdentity } from './issuers';
import { aeatSubmissions, billingChains, billingRecords } from './schema';

export type BillingRecordRow = typeof billingRecords.$inferSelect;

/**
 * Appends `content`'s record to `issuer`'s chain inside the caller's transaction, and queues it
 * for the AEAT. The record's hash covers the previous record's hash and the instant `now`.
 */
export async function appendRecord(
  tx: Db,
  config: Config,
  issuer: Issuer,
  content: RecordContent,
  document: { kind: BilledDocumentKind; id: string; correctsRecordId?: string | null },
  now: Date,
): Promise<BillingRecordRow> {
  // A record the AEAT would reject for its content is refused here, in the issuing transaction,
  // so the document, its number and its record roll back together (the fake AEAT keeps the same
  // rules: packages/domain/src/aeat-validations.ts).
  if (content.kind === 'alta') {
    const breaches = altaBreaches(altaRuleInput(content), now);
    if (breaches.length > 0) {
      throw conflict(
        'aeat_would_refuse',
        `The AEAT would refuse ${content.id.numSerie}: ${breaches.map((b) => `${String(b.code)} ${b.text}`).join(' ')}`,
        { aeatCodes: breaches.map((b) => b.code) },
      );
    }
  }
  // One statement: the upsert creates the head or touches it, and so holds its row's lock (as
  // FOR UPDATE would) until the transaction ends.
  const [head] = await tx
    .insert(billingChains)
    .values({ issuerNif: issuer.nif })
    .onConflictDoUpdate({ target: billingChains.issuerNif, set: { issuerNif: issuer.nif } })
    .returning();
  if (!head) throw new Error(`chain of ${issuer.nif} missing`);
  const [last] = head.lastRecordId
    ? await tx.select().from(billingRecords).where(eq(billingRecords.id, head.lastRecordId))
    : [];
  const chained = chainRecord(content, last ? { id: last.content.id, hash: last.hash } : null, now);
  const [row] = await tx
    .insert(billingRecords)
    .values({
      issuerNif: issuer.nif,
      position: head.length + 1,
      kind: content.kind,
      numSerie: content.id.numSerie,
      issueDate: content.id.issueDate,
      invoiceType: content.kind === 'alta' ? content.invoiceType : null,
      content,
      previous: chained.previous,
      generatedAt: chained.generatedAt,
      hash: chained.hash,
      system: systemIdentity(config),
      documentKind: document.kind,
      documentId: document.id,
      correctsRecordId: document.correctsRecordId ?? null,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('billing record insert returned nothing');
  await tx
    .update(billingChains)
    .set({ length: head.length + 1, lastRecordId: row.id })
    .where(eq(billingChains.issuerNif, issuer.nif));
  await tx.insert(aeatSubmissions).values({ recordId: row.id, issuerNif: issuer.nif, notBefore: now });
  return row;
}

/** A stored record as the domain chains it. */
export function chainedOf(row: BillingRecordRow): ChainedRecord {
  return { ...row.content, previous: row.previous, generatedAt: row.generatedAt, hash: row.hash };
}

/** An issuer's whole chain, first record first. */
export async function chainOf(db: Db, issuerNif: string): Promise<BillingRecordRow[]> {
  return db
    .select()
    .from(billingRecords)
    .where(eq(billingRecords.issuerNif, issuerNif))
    .orderBy(asc(billingRecords.position));
}
