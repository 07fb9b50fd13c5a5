// How money leaves for an owner's bank: the built-in sandbox, or Stripe Connect when Stripe's keys
// are configured (docs/payments.md#from-a-card-to-an-owners-bank). One transfer per payout, with
// the payout's id as the idempotency key, so asking twice (a run killed and started again) moves
// the money once.

type TransferRequest = {
  account: string;
  amountCents: number;
  currency: string;
  /** The payout's id: the same payout is never transferred twice. */
  idempotencyKey: string;
  description: string;
};

/** The provider said no (a closed account, a refused transfer): the payout failed for good. */
export class TransferRefusedError extends Error {}

type PayoutOwner = { id: string; email: string; payoutAccount: string | null };

export type PayoutProvider = {
  name: 'sandbox' | 'stripe';
  /** Where an owner's money goes; null: the owner has no account yet (Stripe: not onboarded). */
  accountOf(owner: PayoutOwner): string | null;
  /** Moves the money; throws TransferRefusedError for a refusal, anything else for an outage. */
  transfer(request: TransferRequest): Promise<{ id: string }>;
  /**
   * The owner's account (made now when they have none) and the page where they give the provider
   * their bank details: Stripe's hosted onboarding; the sandbox needs none (null).
   */
  onboarding(
    owner: PayoutOwner,
    urls: { returnUrl: string; refreshUrl: string },
  ): Promise<{ account: string; url: string | null }>;
};
