// The sandbox payout provider: every owner has an account of their own (`acct_sandbox_<owner>`)
// that is paid at once; the test account SANDBOX_REFUSING_ACCOUNT refuses every transfer, for the
// failure path (like the sandbox's declined test card). Transfers are rows, keyed by idempotency key.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxTransfers } from '../../db/schema';
import { TransferRefusedError, type PayoutProvider } from './payout-provider';

/** An owner whose payout account is this has every transfer refused. */
export const SANDBOX_REFUSING_ACCOUNT = 'acct_sandbox_refuses';

export function createSandboxPayouts(db: Db): PayoutProvider {
  return {
    name: 'sandbox',
    accountOf: (owner) => owner.payoutAccount ?? `acct_sandbox_${owner.id.replaceAll('-', '')}`,
    async transfer(request) {
      if (request.account === SANDBOX_REFUSING_ACCOUNT) {
        throw new TransferRefusedError('The bank refused the transfer (sandbox refusing account).');
      }
      await db
        .insert(sandboxTransfers)
        .values({
          id: `tr_sbx_${randomBytes(12).toString('hex')}`,
          idempotencyKey: request.idempotencyKey,
          account: request.account,
          amountCents: request.amountCents,
          currency: request.currency.toLowerCase(),
        })
        .onConflictDoNothing({ target: sandboxTransfers.idempotencyKey });
      const [row] = await db
        .select({ id: sandboxTransfers.id })
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.idempotencyKey, request.idempotencyKey));
      if (!row) throw new Error('sandbox transfer missing');
      return row;
    },
    onboarding: async (owner) => ({
      account: owner.payoutAccount ?? `acct_sandbox_${owner.id.replaceAll('-', '')}`,
      url: null,
    }),
  };
}
