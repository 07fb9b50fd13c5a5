// The correction of a record the AEAT rejected, or accepted with errors (subsanación;
// docs/invoicing.md#correcting-a-rejected-record). Records are append-only, so a correction is a
// new record: the same invoice (issuer, number, date, type and totals, the fields the hash
// covers), chained after the issuer's last record with its own instant and hash, marked
// Subsanacion S, and RechazoPrevio S when the AEAT rejected it and holds none (a record accepted
// with errors is held: Subsanacion S alone), and queued for the AEAT; the corrected record's state
// becomes `corrected`. The correction says what the document says: the recipient's data is never
// changed here, since the invoice (its PDF, frozen at issue) would then name another recipient
// than its record; a recipient's wrong name or tax id is changed by a rectifying invoice by
// substitution (recipient-change.ts, docs/invoicing.md#changing-the-recipients-data), a wrong amount
// or type by a rectifying invoice. One thing is identified otherwise, as the AEAT asks: a recipient
// whose NIF its census does not know (accepted with 2001) is sent again as not censused (IDOtro ES 07).
//
// Lock order: the rejected record's submission row (FOR UPDATE), so two admins correcting it at
// once make one correction, then the issuer's chain head in appendRecord, last as everywhere.
import { eq } from 'drizzle-orm';
import type { RecordContent } from '@boats/domain/verifactu';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../http/errors';
import { noteAudit } from '../audit/audit-trail';
import { appendRecord, type BillingRecordRow } from './billing-records';
import { spanishTaxIdKind } from '@boats/domain/spanish-tax-id';
import { notInCensus } from './record-parties';
import { aeatSubmissions, billingRecords } from './schema';

/** Writes the correcting record of the rejected or accepted-with-errors record `recordId`; answers it. */
export async function correctRecord(ctx: AppContext, recordId: string): Promise<BillingRecordRow> {
  return ctx.db.transaction(async (tx) => {
    const [submission] = await tx
      .select()
      .from(aeatSubmissions)
      .where(eq(aeatSubmissions.recordId, recordId))
      .for('update');
    const [rejected] = submission
      ? await tx.select().from(billingRecords).where(eq(billingRecords.id, recordId))
      : [];
    if (!submission || !rejected) throw notFound('Billing record');
    if (submission.state !== 'rejected' && submission.state !== 'accepted_with_errors') {
      throw conflict(
        'not_rejected',
        `Only a record the AEAT rejected or accepted with errors is corrected; this one is ${submission.state}`,
      );
    }
    const content = correctedContent(rejected.content, submission.state === 'rejected', submission.errorCode);
    const issuerName = rejected.content.kind === 'alta' ? rejected.content.issuerName : '';
    const row = await appendRecord(
      tx,
      ctx.config,
      { nif: rejected.issuerNif, name: issuerName },
      content,
      { kind: rejected.documentKind, id: rejected.documentId, correctsRecordId: rejected.id },
      ctx.now(),
    );
    await tx
      .update(aeatSubmissions)
      .set({ state: 'corrected' })
      .where(eq(aeatSubmissions.recordId, recordId));
    noteAudit({ changes: { correctedBy: { before: null, after: row.id } } });
    return row;
  });
}

/**
 * The record's content marked as a correction of a rejected record (the AEAT holds none) or of
 * one it accepted with errors (it holds that one), as the document has it.
 */
function correctedContent(
  content: RecordContent,
  wasRejected: boolean,
  errorCode: number | null,
): RecordContent {
  if (content.kind === 'anulacion') {
    // A cancellation has no Subsanacion: one the AEAT holds is not sent again.
    if (!wasRejected) throw conflict('not_rejected', 'The AEAT holds this cancellation: nothing to correct');
    return { ...content, correctsRejected: true };
  }
  const marked = { ...content, correctsRejected: wasRejected, correctsAccepted: !wasRejected };
  // Accepted with errors for a NIF the census does not know (2001): the same recipient identified
  // as the AEAT asks for one not in its census (IDOtro ES 07). That identification is a person's
  // (a DNI or NIE): a company's tax id the census does not know is a wrong one, corrected by a
  // rectifying invoice to the right one, never sent as "not censused".
  if (errorCode !== CENSUS_UNKNOWN) return marked;
  if (content.recipients.some((p) => 'nif' in p && spanishTaxIdKind(p.nif) === 'cif')) {
    throw conflict(
      'company_not_in_census',
      "The AEAT's census does not know this company's tax id, and only a person may be sent as not censused: check the tax id, then issue a rectifying invoice to the right one (Change the recipient… on this record).",
    );
  }
  return {
    ...marked,
    recipients: content.recipients.map((p) => ('nif' in p ? notInCensus(p.name, p.nif) : p)),
  };
}

/** The AEAT's admissible error for a recipient's NIF its census does not know. */
const CENSUS_UNKNOWN = 2001;
