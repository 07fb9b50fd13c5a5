// The whole product's schema, gathered: each table lives with the module that owns it
// (`modules/<module>/schema.ts`) and is re-exported here, the one list drizzle-kit reads
// (drizzle.config.ts) and the database client types its queries with. Any module may read any
// table (a query joins across modules), so `scripts/check-cycles.js` counts the schema files as
// one layer, which imports nothing of the server but `db/columns.ts` (the columns every table
// shares, and the rule that a column's list of values is the domain's).
//
// Money is integer cents, instants are timestamptz (UTC). Rules that must hold under
// concurrency live in the tables as constraints, not only in code: seat counters stay within
// bounds, slots of one boat never overlap (hand-written EXCLUDE in the migrations), a private
// slot has at most one live booking, codes and provider ids are unique.
export * from '../modules/owners/schema';
export * from '../modules/auth/schema';
export * from '../modules/boats/schema';
export * from '../modules/slots/schema';
export * from '../modules/promo-codes/schema';
export * from '../modules/gift-vouchers/schema';
export * from '../modules/bookings/schema';
export * from '../modules/payments/schema';
export * from '../modules/events/schema';
export * from '../modules/messages/schema';
export * from '../modules/owner-applications/schema';
export * from '../modules/mail/schema';
export * from '../modules/trip-cancellation/schema';
export * from '../modules/reviews/schema';
export * from '../modules/earnings/schema';
export * from '../modules/payouts/schema';
export * from '../modules/waitlist/schema';
export * from '../modules/invoices/schema';
export * from '../modules/verifactu/schema';
export * from '../modules/audit/schema';
export * from '../modules/jobs/schema';
export * from '../modules/resellers/schema';
export * from '../modules/owner-notifications/schema';
export * from '../modules/agents/schema';
export * from '../modules/erasure/schema';
export * from '../modules/data-rights/schema';
export * from '../modules/deposits/schema';
export * from '../modules/self-drive/schema';
