// The one small interface both card providers implement: the built-in sandbox (default,
// offline) and Stripe (when the three STRIPE_* variables are set). Amounts are integer cents.
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  // Authorized, not charged (capture_method manual: request-to-book) until captured or canceled.
  | 'requires_capture'
  | 'processing'
  | 'succeeded'
  | 'canceled';

export type ProviderIntent = {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  amountReceivedCents: number;
  /** Refunded so far; absent when the provider did not say. */
  amountRefundedCents?: number;
  currency: string;
  metadata: Record<string, string>;
  lastError?: string;
};

export type ProviderEvent = {
  id: string;
  type: string;
  /** The payment intent the event is about, when there is one. */
  paymentIntentId?: string;
};

export type PaymentProvider = {
  name: 'sandbox' | 'stripe';
  /** What the browser needs to show the card form: the sandbox form, or Stripe's with its key. */
  publicConfig(): { provider: 'sandbox' } | { provider: 'stripe'; publishableKey: string };
  createIntent(input: {
    amountCents: number;
    currency: 'eur';
    metadata: Record<string, string>;
    /** Unique per attempt, so a retry after a declined card is a new intent. */
    idempotencyKey: string;
    description?: string;
    /** 'manual': a good card is only authorized (requires_capture) until captureIntent. */
    captureMethod?: 'automatic' | 'manual';
  }): Promise<ProviderIntent>;
  retrieveIntent(id: string): Promise<ProviderIntent>;
  /**
   * Stops an unpaid intent from being paid (its hold expired), or lets an authorization go (a
   * declined or lapsed request: no money moved). Throws if it was already paid.
   */
  cancelIntent?(id: string): Promise<void>;
  /** Charges an authorized intent (requires_capture → succeeded); idempotent; throws if it cannot. */
  captureIntent(id: string, idempotencyKey: string): Promise<ProviderIntent>;
  refund(input: {
    paymentIntentId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ id: string }>;
  /** Verifies a webhook's signature over the raw body; throws when it does not hold. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent;
};
