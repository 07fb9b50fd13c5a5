// The chain check the admin sees ("all N records verify"; docs/invoicing.md#the-chain): every
// issuer's chain read from its first record and verified by the domain's rule, record by record,
// then held against the chain's head (billing_chains: its length and last record), which every
// record's transaction moves. Records verify one another only backwards: without the head, a
// chain whose last records were removed (a TRUNCATE or DELETE with the triggers off) would verify.
import { asc } from 'drizzle-orm';
import { verifyChain, type ChainCheck } from '@boats/domain/verifactu';
import type { Db } from '../../db/client';
import { chainedOf, chainOf, type BillingRecordRow } from './billing-records';
import { billingChains, billingRecords } from './schema';

export type IssuerChainCheck = ChainCheck & { issuerNif: string };

type ChainHead = { length: number; lastRecordId: string | null };

/** Where the records found and their head disagree, or null when the head is the last record. */
function headMismatch(rows: BillingRecordRow[], head: ChainHead | undefined): ChainCheck | null {
  const count = rows.length;
  const fail = (position: number, reason: string): ChainCheck => ({
    ok: false,
    count,
    verified: Math.min(count, position - 1),
    position,
    reason,
  });
  if (!head) return count === 0 ? null : fail(1, 'the chain has no head');
  if (count < head.length)
    return fail(count + 1, `the chain's head counts ${head.length} records: the last ones are missing`);
  if (count > head.length)
    return fail(head.length + 1, `the chain's head counts only ${head.length} records`);
  if ((rows.at(-1)?.id ?? null) !== head.lastRecordId)
    return fail(count, "the last record is not the one the chain's head names");
  return null;
}

export async function checkChains(
  db: Db,
): Promise<{ total: number; ok: boolean; issuers: IssuerChainCheck[] }> {
  const heads = new Map(
    (await db.select().from(billingChains)).map((h) => [
      h.issuerNif,
      { length: h.length, lastRecordId: h.lastRecordId },
    ]),
  );
  // Every issuer with a head or with records: records whose head is gone are a chain too.
  const withRecords = await db
    .selectDistinct({ nif: billingRecords.issuerNif })
    .from(billingRecords)
    .orderBy(asc(billingRecords.issuerNif));
  const nifs = [...new Set([...heads.keys(), ...withRecords.map((r) => r.nif)])].sort();
  const issuers: IssuerChainCheck[] = [];
  for (const issuerNif of nifs) {
    const rows = await chainOf(db, issuerNif);
    // Positions without a gap from 1: a missing record breaks the chain as a changed one does.
    const gap = rows.findIndex((r, i) => r.position !== i + 1);
    const verified: ChainCheck =
      gap >= 0
        ? { ok: false, count: rows.length, verified: gap, position: gap + 1, reason: 'a record is missing' }
        : verifyChain(rows.map(chainedOf));
    const check = verified.ok ? (headMismatch(rows, heads.get(issuerNif)) ?? verified) : verified;
    issuers.push({ ...check, issuerNif });
  }
  return {
    total: issuers.reduce((sum, i) => sum + i.count, 0),
    ok: issuers.every((i) => i.ok),
    issuers,
  };
}
