// The chain check the admin sees ("all N records verify"; docs/invoicing.md#the-chain): every
// issuer's chain read from its first record and verified by the domain's rule, record by record.
import { verifyChain, type ChainCheck } from '@boats/domain/verifactu';
import type { Db } from '../../db/client';
import { chainedOf, chainOf, issuersWithChains } from './billing-records';

export type IssuerChainCheck = ChainCheck & { issuerNif: string };

export async function checkChains(
  db: Db,
): Promise<{ total: number; ok: boolean; issuers: IssuerChainCheck[] }> {
  const issuers: IssuerChainCheck[] = [];
  for (const issuerNif of await issuersWithChains(db)) {
    const rows = await chainOf(db, issuerNif);
    // Positions without a gap from 1: a missing record breaks the chain as a changed one does.
    const gap = rows.findIndex((r, i) => r.position !== i + 1);
    const check: ChainCheck =
      gap >= 0
        ? { ok: false, count: rows.length, verified: gap, position: gap + 1, reason: 'a record is missing' }
        : verifyChain(rows.map(chainedOf));
    issuers.push({ ...check, issuerNif });
  }
  return {
    total: issuers.reduce((sum, i) => sum + i.count, 0),
    ok: issuers.every((i) => i.ok),
    issuers,
  };
}
