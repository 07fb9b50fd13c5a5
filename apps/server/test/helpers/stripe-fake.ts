// A local stand-in for the few Stripe HTTP endpoints the adapters call (create, retrieve,
// capture and cancel a PaymentIntent, create a refund; Connect: create an account, an onboarding link, a transfer;
// the security deposit: a customer, a card saved with setup_future_usage, an off-session
// authorisation with manual capture, a partial capture, an authorisation that lapses and a saved
// card that fails off-session), so the official SDK is exercised end to end offline.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

type FakeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  amount_capturable: number;
  capture_method: 'automatic' | 'manual';
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean } | null;
  description: string | null;
  latest_charge: string | null;
  last_payment_error: { message: string; code?: string } | null;
  customer: string | null;
  payment_method: string | null;
  setup_future_usage: string | null;
  cancellation_reason: string | null;
  livemode: false;
};

type RecordedRequest = {
  method: string;
  path: string;
  idempotencyKey?: string;
  form: URLSearchParams;
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => resolve(body));
  });
}

export async function startStripeFake(secretKey: string) {
  const intents = new Map<string, FakeIntent>();
  const refunded = new Map<string, number>();
  const requests: RecordedRequest[] = [];
  const byIdempotencyKey = new Map<string, string>();
  let failNextCreate = false;
  /** Connect: accounts, the accounts whose transfers fail, transfers by idempotency key. */
  const accounts = new Map<string, { id: string; email: string | null; metadata: Record<string, string> }>();
  const refusing = new Set<string>();
  const transfers = new Map<
    string,
    { id: string; amount: number; destination: string; transfer_group: string | null }
  >();
  const replies = new Map<string, unknown>();
  /** Customers, and the saved cards (payment methods) attached to each. */
  const customers = new Map<string, { id: string; email: string | null; cards: Set<string> }>();
  /** Saved cards whose off-session payments the bank refuses (authentication_required). */
  const needsAuthentication = new Set<string>();

  /** Stripe's 402 for a card the bank refused, carrying the intent it left. */
  const cardError = (pi: FakeIntent) => ({
    error: {
      type: 'card_error',
      code: pi.last_payment_error?.code ?? 'card_declined',
      message: pi.last_payment_error?.message ?? 'Your card was declined.',
      payment_intent: pi,
    },
  });

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const form = new URLSearchParams(await readBody(req));
      const key = req.headers['idempotency-key'] as string | undefined;
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        form,
        ...(key ? { idempotencyKey: key } : {}),
      });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${randomBytes(6).toString('hex')}`,
        });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      const view = (pi: FakeIntent) => {
        // The SDK sends expand[0]=latest_charge (GET query) or expand[]=… (form).
        const expandCharge = [...url.searchParams, ...form].some(
          ([k, v]) => /^expand\[\d*\]$/.test(k) && v === 'latest_charge',
        );
        if (!expandCharge || !pi.latest_charge) return pi;
        return {
          ...pi,
          latest_charge: {
            id: pi.latest_charge,
            object: 'charge',
            amount: pi.amount,
            amount_refunded: refunded.get(pi.id) ?? 0,
          },
        };
      };

      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        if (failNextCreate) {
          failNextCreate = false;
          return send(400, { error: { type: 'invalid_request_error', message: 'Fake failure' } });
        }
        const existing = key ? byIdempotencyKey.get(key) : undefined;
        if (existing) {
          const earlier = intents.get(existing);
          if (earlier?.last_payment_error?.code) return send(402, cardError(earlier));
          return send(200, earlier);
        }
        const id = `pi_fake_${randomBytes(8).toString('hex')}`;
        const metadata: Record<string, string> = {};
        for (const [k, v] of form) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m?.[1]) metadata[m[1]] = v;
        }
        const pi: FakeIntent = {
          id,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          amount_received: 0,
          amount_capturable: 0,
          capture_method: form.get('capture_method') === 'manual' ? 'manual' : 'automatic',
          currency: form.get('currency') ?? 'eur',
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
          metadata,
          automatic_payment_methods:
            form.get('automatic_payment_methods[enabled]') === 'true' ? { enabled: true } : null,
          description: form.get('description'),
          latest_charge: null,
          last_payment_error: null,
          customer: form.get('customer'),
          payment_method: form.get('payment_method'),
          setup_future_usage: form.get('setup_future_usage'),
          cancellation_reason: null,
          livemode: false,
        };
        intents.set(id, pi);
        if (key) byIdempotencyKey.set(key, id);
        if (form.get('confirm') === 'true' && form.get('off_session') === 'true') {
          // A saved card charged without the customer: it must be the customer's.
          const card = pi.payment_method ?? '';
          if (!pi.customer || !customers.get(pi.customer)?.cards.has(card)) {
            intents.delete(id);
            return send(400, {
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                message: `The payment method ${card} is not attached to the customer.`,
              },
            });
          }
          if (needsAuthentication.has(card)) {
            Object.assign(pi, {
              status: 'requires_payment_method',
              last_payment_error: {
                code: 'authentication_required',
                message: 'This payment requires authentication; the customer must be on session.',
              },
            });
            return send(402, cardError(pi));
          }
          Object.assign(pi, {
            status: pi.capture_method === 'manual' ? 'requires_capture' : 'succeeded',
            amount_capturable: pi.capture_method === 'manual' ? pi.amount : 0,
            amount_received: pi.capture_method === 'manual' ? 0 : pi.amount,
          });
        }
        return send(200, pi);
      }
      const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && retrieve?.[1]) {
        const pi = intents.get(retrieve[1]);
        if (!pi)
          return send(404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: 'No such payment_intent',
            },
          });
        return send(200, view(pi));
      }
      const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
      if (req.method === 'POST' && cancel?.[1]) {
        const pi = intents.get(cancel[1]);
        if (!pi || pi.status === 'succeeded' || pi.status === 'canceled') {
          return send(400, {
            error: { type: 'invalid_request_error', message: 'Cannot cancel this PaymentIntent' },
          });
        }
        // An authorization let go: nothing was charged.
        Object.assign(pi, {
          status: 'canceled',
          amount_capturable: 0,
          cancellation_reason: 'requested_by_customer',
        });
        return send(200, pi);
      }
      const capture = /^\/v1\/payment_intents\/([^/]+)\/capture$/.exec(url.pathname);
      if (req.method === 'POST' && capture?.[1]) {
        const pi = intents.get(capture[1]);
        const replayed = key ? replies.get(`${url.pathname} ${key}`) : undefined;
        if (replayed) return send(200, replayed);
        if (pi?.status !== 'requires_capture') {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `This PaymentIntent could not be captured because it has a status of ${pi?.status ?? 'unknown'}.`,
            },
          });
        }
        // amount_to_capture: part of it; Stripe releases the rest of the authorisation.
        const part = form.get('amount_to_capture');
        const amount = part === null ? pi.amount : Number(part);
        if (!(amount > 0 && amount <= pi.amount)) {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'amount_too_large',
              message: 'amount_to_capture must be positive and at most the amount capturable.',
            },
          });
        }
        Object.assign(pi, {
          status: 'succeeded',
          amount_received: amount,
          amount_capturable: 0,
          latest_charge: `ch_${pi.id}`,
        });
        if (key) replies.set(`${url.pathname} ${key}`, pi);
        return send(200, pi);
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const pi = intents.get(form.get('payment_intent') ?? '');
        if (pi?.status !== 'succeeded')
          return send(400, { error: { type: 'invalid_request_error', message: 'Not refundable' } });
        const amount = Number(form.get('amount') ?? pi.amount);
        refunded.set(pi.id, (refunded.get(pi.id) ?? 0) + amount);
        return send(200, {
          id: `re_fake_${randomBytes(6).toString('hex')}`,
          object: 'refund',
          amount,
          payment_intent: pi.id,
          status: 'succeeded',
        });
      }
      // Stripe answers a repeated idempotency key with the first answer, moving nothing again.
      const replay = key ? replies.get(`${url.pathname} ${key}`) : undefined;
      if (req.method === 'POST' && replay) return send(200, replay);
      const remember = (body: unknown) => {
        if (key) replies.set(`${url.pathname} ${key}`, body);
        return send(200, body);
      };
      if (req.method === 'POST' && url.pathname === '/v1/customers') {
        const customer = {
          id: `cus_fake_${randomBytes(6).toString('hex')}`,
          email: form.get('email'),
          cards: new Set<string>(),
        };
        customers.set(customer.id, customer);
        return remember({
          id: customer.id,
          object: 'customer',
          email: customer.email,
          name: form.get('name'),
        });
      }
      if (req.method === 'POST' && url.pathname === '/v1/accounts') {
        const metadata: Record<string, string> = {};
        for (const [k, v] of form) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m?.[1]) metadata[m[1]] = v;
        }
        const account = {
          id: `acct_fake_${randomBytes(6).toString('hex')}`,
          email: form.get('email'),
          metadata,
        };
        accounts.set(account.id, account);
        return remember({
          ...account,
          object: 'account',
          type: form.get('type'),
          country: form.get('country'),
        });
      }
      if (req.method === 'POST' && url.pathname === '/v1/account_links') {
        const account = form.get('account') ?? '';
        if (!accounts.has(account))
          return send(400, {
            error: { type: 'invalid_request_error', message: `No such account: ${account}` },
          });
        return send(200, {
          object: 'account_link',
          url: `https://connect.stripe.test/setup/${account}?return=${encodeURIComponent(form.get('return_url') ?? '')}`,
          expires_at: Math.floor(Date.now() / 1000) + 300,
        });
      }
      if (req.method === 'POST' && url.pathname === '/v1/transfers') {
        const destination = form.get('destination') ?? '';
        if (!accounts.has(destination) || refusing.has(destination)) {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              message: `The account ${destination} cannot receive transfers.`,
            },
          });
        }
        const transfer = {
          id: `tr_fake_${randomBytes(6).toString('hex')}`,
          amount: Number(form.get('amount')),
          destination,
          transfer_group: form.get('transfer_group'),
        };
        transfers.set(transfer.id, transfer);
        return remember({ ...transfer, object: 'transfer', currency: form.get('currency') });
      }
      return send(404, {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${req.method} ${url.pathname})`,
        },
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    /**
     * What Stripe does when the customer pays in the Payment Element: charged, or with
     * capture_method manual only authorized (requires_capture) until captured.
     */
    succeed(id: string) {
      const pi = intents.get(id);
      if (!pi) throw new Error(`no intent ${id}`);
      // The card the customer typed; with setup_future_usage it is saved to the intent's customer.
      pi.payment_method = `pm_fake_${randomBytes(6).toString('hex')}`;
      if (pi.setup_future_usage && pi.customer) customers.get(pi.customer)?.cards.add(pi.payment_method);
      if (pi.capture_method === 'manual') {
        Object.assign(pi, { status: 'requires_capture', amount_capturable: pi.amount });
        return;
      }
      Object.assign(pi, { status: 'succeeded', amount_received: pi.amount, latest_charge: `ch_${id}` });
    },
    failNextCreate() {
      failNextCreate = true;
    },
    customers,
    /** The bank asks for the customer on every payment with this saved card: off-session fails. */
    requireAuthentication(paymentMethod: string) {
      needsAuthentication.add(paymentMethod);
    },
    /** The card networks' window passed: Stripe cancels the uncaptured authorisation itself. */
    lapse(id: string) {
      const pi = intents.get(id);
      if (pi?.status !== 'requires_capture') throw new Error(`intent ${id} is not authorised`);
      Object.assign(pi, { status: 'canceled', amount_capturable: 0, cancellation_reason: 'automatic' });
    },
    /** Connect: the accounts made, the transfers made; an account whose transfers fail. */
    accounts,
    transfers,
    refuseTransfersTo(account: string, refuse = true) {
      if (refuse) refusing.add(account);
      else refusing.delete(account);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
