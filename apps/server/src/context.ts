// What every module needs, built once per app. Tests build their own with a fixed clock.
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { createPaymentProvider } from './modules/payments/create-payment-provider';
import type { PaymentProvider } from './modules/payments/payment-provider';
import { createPayoutProvider } from './modules/payouts/create-payout-provider';
import type { PayoutProvider } from './modules/payouts/payout-provider';

export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  /** The current instant; tests replace it to put the app at a chosen moment. */
  now: () => Date;
  /** The card provider: the built-in sandbox, or Stripe when its keys are configured. */
  payments: PaymentProvider;
  /** Where owners' money goes: the built-in sandbox, or Stripe Connect with Stripe's keys. */
  payouts: PayoutProvider;
};

/** The context of an app on `database`; `now` defaults to the wall clock. */
export function createAppContext(
  config: Config,
  database: Database,
  now: () => Date = () => new Date(),
): AppContext {
  return {
    config,
    database,
    db: database.db,
    now,
    payments: createPaymentProvider(config, database.db),
    payouts: createPayoutProvider(config, database.db),
  };
}
