// The correction of a record the AEAT rejected, or accepted with errors (subsanación;
// docs/invoicing.md#correcting-a-rejected-record). Records are append-only, so a correction is a
// new record: the same invoice (issuer, number, date, type and totals, the fields the hash
// covers), chained after the issuer's last record with its own instant and hash, marked
// Subsanacion S, and RechazoPrevio S when the AEAT rejected it and holds none (a record accepted
// with errors is held: Subsanacion S alone), and queued for the AEAT; the corrected record's state
// becomes `corrected`. What may change
// is the recipient's name and tax id, the part of a record the AEAT checks against its census and
// ours can get wrong (an owner's tax id typed wrong or not yet registered); the rest follows from
// the document, and a wrong amount or type is corrected by a rectifying invoice, not here.
//
// Lock order: the rejected record's submission row (FOR UPDATE), so two admins correcting it at
// once make one correction, then the issuer's chain head in appendRecord, last as everywhere.
import { eq } from 'drizzle-orm';
import type { CorrectRecordRequest } from '@boats/domain/schemas/invoicing';
import type { RecordContent } from '@boats/domain/verifactu';
import type { AppContext } from '../../context';
import { conflict, invalidField, notFound } from '../../http/errors';
import { noteAudit } from '../audit/audit-trail';
import { appendRecord, type BillingRecordRow } from './billing-records';
import { notInCensus, recordParty } from './record-parties';
import { aeatSubmissions, billingRecords } from './schema';

/** Writes the correcting record of the rejected or accepted-with-errors record `recordId`; answers it. */
export async function correctRecord(
  ctx: AppContext,
  recordId: string,
  request: CorrectRecordRequest,
): Promise<BillingRecordRow> {
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
    const content = correctedContent(rejected.content, request, submission.state === 'rejected');
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
    noteAudit({
      changes: {
        correctedBy: { before: null, after: row.id },
        ...(request.recipient && rejected.content.kind === 'alta'
          ? {
              recipient: {
                before: rejected.content.recipients[0] ?? null,
                after: content.kind === 'alta' ? content.recipients[0] : null,
              },
            }
          : {}),
      },
    });
    return row;
  });
}

/**
 * The record's content marked as a correction of a rejected record (the AEAT holds none) or of
 * one it accepted with errors (it holds that one), with the recipient given, if any.
 */
function correctedContent(
  content: RecordContent,
  request: CorrectRecordRequest,
  wasRejected: boolean,
): RecordContent {
  const { recipient } = request;
  if (content.kind === 'anulacion') {
    if (recipient) throw invalidField('recipient', 'validation.invalid', 'A cancellation names no recipient');
    // A cancellation has no Subsanacion: one the AEAT holds is not sent again.
    if (!wasRejected) throw conflict('not_rejected', 'The AEAT holds this cancellation: nothing to correct');
    return { ...content, correctsRejected: true };
  }
  const marked = { ...content, correctsRejected: wasRejected, correctsAccepted: !wasRejected };
  // Accepted with errors for a NIF the census does not know (2001), sent again as it was: the
  // recipient identified as the AEAT asks for one not in its census (IDOtro ES 07).
  if (!recipient && !wasRejected) {
    return {
      ...marked,
      recipients: content.recipients.map((p) => ('nif' in p ? notInCensus(p.name, p.nif) : p)),
    };
  }
  if (!recipient) return marked;
  // A simplified invoice (F2, R5) names no recipient: giving one makes a full invoice, another document.
  if (content.recipients.length === 0)
    throw invalidField('recipient', 'validation.invalid', 'This invoice names no recipient to correct');
  return {
    ...marked,
    recipients: [recordParty(recipient.name, recipient.taxId)],
    withoutRecipientId: false,
  };
}
