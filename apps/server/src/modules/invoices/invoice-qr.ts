// The VERI*FACTU QR code of an issued document (docs/invoicing.md#qr-code): the AEAT's
// verification address with the values of the document's billing record, never values recomputed
// from the document, so what the QR says is what the chain holds and the AEAT received.
import { and, desc, eq } from 'drizzle-orm';
import { verifactuQrUrl, type AltaContent, type BilledDocumentKind } from '@boats/domain/verifactu';
import type { VerifactuQr } from '@boats/domain/schemas/invoices';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { billingRecords } from '../verifactu/schema';

/** The QR of a document's latest registro de alta, or null when it has none (issued before records). */
export async function verifactuQrOf(
  db: Db,
  config: Config,
  document: { kind: BilledDocumentKind; id: string },
): Promise<VerifactuQr | null> {
  const content = await standingAltaOf(db, document);
  return content ? { qrUrl: verifactuQrUrl(config.AEAT_ENVIRONMENT, content) } : null;
}

/** The document's standing registro de alta: what the AEAT holds of it, as issued. */
export async function standingAltaOf(
  db: Db,
  document: { kind: BilledDocumentKind; id: string },
): Promise<AltaContent | null> {
  const [record] = await db
    .select({ content: billingRecords.content })
    .from(billingRecords)
    .where(
      and(
        eq(billingRecords.documentKind, document.kind),
        eq(billingRecords.documentId, document.id),
        eq(billingRecords.kind, 'alta'),
      ),
    )
    // A record correcting a rejected one comes later in the chain and is the one that stands.
    .orderBy(desc(billingRecords.position))
    .limit(1);
  return record?.content.kind === 'alta' ? record.content : null;
}
