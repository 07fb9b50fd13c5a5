// Billing records written straight into an issuer's chain, many at once, for the submission tests
// (the records of real documents are tested in test/api/verifactu/records.test.ts): each one a
// valid registro de alta (F1, IGIC 7 %), chained after the one before, queued for the AEAT.
import { eq } from 'drizzle-orm';
import {
  aeatAmount,
  aeatDate,
  chainRecord,
  type AltaContent,
  type ChainedRecord,
} from '@boats/domain/verifactu';
import type { Db } from '../../src/db/client';
import { systemIdentity } from '../../src/modules/verifactu/issuers';
import { aeatSubmissions, billingChains, billingRecords } from '../../src/modules/verifactu/schema';
import type { Config } from '../../src/config';
import type { AppContext } from '../../src/context';
import { sendDueRecords } from '../../src/modules/verifactu/aeat-sender';
import type { TaxAuthority } from '../../src/modules/verifactu/tax-authority';

function alta(issuer: { nif: string; name: string }, numSerie: string, issueDate: string): AltaContent {
  return {
    kind: 'alta',
    id: { issuerNif: issuer.nif, numSerie, issueDate },
    issuerName: issuer.name,
    invoiceType: 'F1',
    rectificationType: null,
    rectified: [],
    substituted: [],
    description: 'Comisión de intermediación de reservas',
    withoutRecipientId: false,
    thirdParty: null,
    // A recipient no test issues as (the AEAT refuses a record naming its own issuer: 1193).
    recipients: [{ name: 'Teno Eventos S.L.', nif: 'B35000009' }],
    lines: [
      {
        tax: '03',
        regimeKey: '01',
        qualification: 'S1',
        rate: '7.00',
        base: aeatAmount(10_000),
        quota: aeatAmount(700),
      },
    ],
    totalQuota: aeatAmount(700),
    totalAmount: aeatAmount(10_700),
    correctsRejected: false,
  };
}

/** Appends `count` records numbered `${prefix}1`… to `issuer`'s chain at `now`; answers their numbers. */
export async function addRecords(
  db: Db,
  config: Config,
  issuer: { nif: string; name: string },
  prefix: string,
  count: number,
  now: Date,
  /** Changes each record's content (the AEAT's rules tests break one rule each, on purpose). */
  edit: (content: AltaContent) => AltaContent = (content) => content,
  /** Changes each record as chained (its link, instant or hash), as only a broken product would. */
  tamper: (record: ChainedRecord) => ChainedRecord = (record) => record,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.insert(billingChains).values({ issuerNif: issuer.nif }).onConflictDoNothing();
    const [head] = await tx
      .select()
      .from(billingChains)
      .where(eq(billingChains.issuerNif, issuer.nif))
      .for('update');
    const [last] = head?.lastRecordId
      ? await tx.select().from(billingRecords).where(eq(billingRecords.id, head.lastRecordId))
      : [];
    let previous: ChainedRecord | null = last
      ? { ...last.content, previous: last.previous, generatedAt: last.generatedAt, hash: last.hash }
      : null;
    const issueDate = aeatDate(now);
    const rows: (typeof billingRecords.$inferInsert)[] = [];
    for (let i = 1; i <= count; i++) {
      const content = edit(alta(issuer, `${prefix}${i}`, issueDate));
      const chained = tamper(chainRecord(content, previous, now));
      rows.push({
        id: crypto.randomUUID(),
        issuerNif: issuer.nif,
        position: (head?.length ?? 0) + i,
        kind: 'alta',
        numSerie: chained.id.numSerie,
        issueDate: chained.id.issueDate,
        invoiceType: content.invoiceType,
        content,
        previous: chained.previous,
        generatedAt: chained.generatedAt,
        hash: chained.hash,
        system: systemIdentity(config),
        documentKind: 'commission_invoice',
        documentId: crypto.randomUUID(),
        createdAt: now,
      });
      previous = chained;
    }
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      await tx.insert(billingRecords).values(chunk);
      await tx
        .insert(aeatSubmissions)
        .values(chunk.map((r) => ({ recordId: r.id!, issuerNif: issuer.nif, notBefore: now })));
    }
    await tx
      .update(billingChains)
      .set({ length: (head?.length ?? 0) + count, lastRecordId: rows.at(-1)!.id! })
      .where(eq(billingChains.issuerNif, issuer.nif));
    return rows.map((r) => r.numSerie);
  });
}

/**
 * Sends every waiting record to `aeat`, message after message, moving the test's clock past each
 * answer's waiting time (60 s), until none waits or `rounds` messages have gone.
 */
export async function sendEveryRecord(
  t: { ctx: AppContext; setNow(now: Date): void },
  aeat: TaxAuthority,
  rounds = 20,
): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    await sendDueRecords(t.ctx, aeat);
    const left = await t.ctx.db.select().from(aeatSubmissions).where(eq(aeatSubmissions.state, 'pending'));
    if (left.length === 0) return;
    t.setNow(new Date(t.ctx.now().getTime() + 61_000));
  }
}
