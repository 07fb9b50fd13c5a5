// A change of an owner's payout details (docs/security.md#second-factor-and-step-up). The bank details
// themselves are given on the provider's page (Stripe's hosted onboarding), which this site
// never sees, so opening that page counts as the change: the owner's address on file is told at
// once (an intruder who took the password, and maybe the account's e-mail, cannot hide it), and
// payouts wait PAYOUT_HOLD_AFTER_CHANGE_HOURS from then, so the next payout cannot be sent to an
// intruder's bank before the owner has read that e-mail. The money stays in the balance. An
// owner's first details (no account yet and never paid) change nothing that was set, so they
// are recorded without the hold or the notice: a new owner is paid on the schedule.
import type { AppContext } from '../../context';
import { emitEvent } from '../events/domain-events';
import type { OwnerRow } from '../owners/owner-repository';
import { markPayoutDetailsChanged, ownerWasPaid, setFirstPayoutAccount } from './payout-repository';

export async function payoutDetailsChanging(
  ctx: AppContext,
  owner: Pick<OwnerRow, 'id' | 'email' | 'language' | 'payoutAccount'>,
  account: string,
  by: string,
): Promise<void> {
  const now = ctx.now();
  const heldUntil = new Date(now.getTime() + ctx.config.PAYOUT_HOLD_AFTER_CHANGE_HOURS * 3_600_000);
  await ctx.db.transaction(async (tx) => {
    if (owner.payoutAccount === null && !(await ownerWasPaid(tx, owner.id))) {
      await setFirstPayoutAccount(tx, owner.id, account);
      return;
    }
    await markPayoutDetailsChanged(tx, owner.id, account, now);
    // The e-mail hangs off the event (mail/account-emails.ts), queued by the event job.
    await emitEvent(tx, {
      kind: 'owner.payout_details_changed',
      bookingId: null,
      payload: { email: owner.email, language: owner.language, heldUntil: heldUntil.toISOString(), by },
    });
  });
}
