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
  /** The card that paid or was authorised, once there is one (a saved card is reused by it). */
  paymentMethodId?: string;
};

/**
 * An off-session authorisation (the security deposit, docs/payments.md#the-security-deposit):
 * held (requires_capture), or refused by the bank; `authentication_required` when the bank wants
 * the customer present (3-D Secure), which an off-session payment cannot give.
 */
type OffSessionResult =
  { ok: true; intent: ProviderIntent } | { ok: false; code: string; message: string; intentId?: string };

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
    /**
     * The card is saved to this provider customer for later off-session use (the security
     * deposit): Stripe's `setup_future_usage: off_session`, with the customer's consent.
     */
    saveCardFor?: string;
  }): Promise<ProviderIntent>;
  /** A customer at the provider, whom a card can be saved to (idempotent per key). */
  createCustomer(input: {
    email: string;
    name: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ id: string }>;
  /**
   * Authorises `amountCents` on a saved card without the customer (manual capture, off-session):
   * the security deposit. Idempotent per key. A refusal is an answer, not an exception; an
   * outage throws.
   */
  authoriseOffSession(input: {
    amountCents: number;
    currency: 'eur';
    customerId: string;
    paymentMethodId: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
    description?: string;
  }): Promise<OffSessionResult>;
  retrieveIntent(id: string): Promise<ProviderIntent>;
  /**
   * Stops an unpaid intent from being paid (its hold expired), or lets an authorization go (a
   * declined or lapsed request: no money moved). Throws if it was already paid.
   */
  cancelIntent?(id: string): Promise<void>;
  /**
   * Charges an authorized intent (requires_capture → succeeded); idempotent; throws if it cannot.
   * `amountToCaptureCents` charges part of it (the rest of the authorisation is released).
   */
  captureIntent(id: string, idempotencyKey: string, amountToCaptureCents?: number): Promise<ProviderIntent>;
  refund(input: {
    paymentIntentId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ id: string }>;
  /** Verifies a webhook's signature over the raw body; throws when it does not hold. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent;
};
