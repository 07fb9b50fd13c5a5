// Step-up by structure (docs/security.md#second-factor-and-step-up). A back-office route that
// moves money or gives power declares it in its route options, beside its audit action:
//
//   config: { ...audited('reseller.issue_key'), ...stepUp() }                 always
//   config: { ...audited('owner.update'), ...stepUpWhen(commissionChanges) }  when the call asks it
//   config: { ...audited('booking.refund'), ...stepUpAboveRefundLimit() }     money: see below
//
// and the guard every guarded plugin adds (src/back-office-routes.ts) enforces it before the
// handler runs: no route calls the check by hand, so none can forget it, and
// test/security/step-up.test.ts reads the marks from the route table.
//
// Refunds cannot be split under the threshold: the limit counts what the account refunded in
// the last STEP_UP_REFUND_WINDOW_MINUTES and what the booking was refunded before, plus this
// refund. The count is made inside the refund's own transaction under the account's advisory
// lock (refundWithinStepUp in bookings/refunds.ts requestRefund), so two refunds sent at
// once queue and the second one counts the first.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eurosToCents } from '@boats/domain/money';
import type { AppContext } from '../../context';
import type { DomainError } from '../../http/errors';
import { adminOf } from './require-admin';
import { stepUpRefusal } from './second-factor';

/**
 * Whether a call of a conditional route asks for step-up. It runs after validation, so `body` and
 * `params` have the shapes of the route's schemas (the caller names them).
 */
export type StepUpPredicate<Body = unknown, Params = unknown> = (
  ctx: AppContext,
  call: { body: Body; params: Params },
) => Promise<boolean> | boolean;

export type StepUpRule =
  { when: 'always' } | { when: 'asked'; asks: StepUpPredicate } | { when: 'refund_limit' };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The calls of this route ask for a recent second factor (enforced by the guarded plugins). */
    stepUp?: StepUpRule;
  }
}

/** Every call asks for a recent second factor. */
export const stepUp = (): { stepUp: StepUpRule } => ({ stepUp: { when: 'always' } });

/** The calls for which `asks` answers true ask for it (an owner's commission changed, …). */
export const stepUpWhen = <Body, Params = unknown>(
  asks: StepUpPredicate<Body, Params>,
): { stepUp: StepUpRule } => ({
  stepUp: { when: 'asked', asks: asks as StepUpPredicate },
});

/**
 * A refund asks for it when, with what the account refunded lately and what the booking was
 * refunded before, it goes above STEP_UP_REFUND_EUR.
 */
export const stepUpAboveRefundLimit = (): { stepUp: StepUpRule } => ({ stepUp: { when: 'refund_limit' } });

/** What a refund of a call on a stale session may move before it is refused. */
type RefundLimit = {
  userId: string;
  since: Date;
  limitCents: number;
  refusal: DomainError;
};

const refundLimits = new AsyncLocalStorage<RefundLimit>();

/** The guard of a guarded plugin: refuses a marked route's call when the factor is not recent. */
export function registerStepUpGuard(app: FastifyInstance, ctx: AppContext): void {
  // An unconditional mark is checked before the body is validated: the caller is asked for the
  // factor first, whatever it sent.
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.stepUp?.when !== 'always') return;
    const refusal = await refusalFor(ctx, request);
    if (refusal) throw refusal;
  });
  // A conditional one after validation (its predicate reads the body), in callback form so the
  // refund limit's context reaches the handler and everything it awaits (like the audit note).
  app.addHook('preHandler', (request, _reply, done) => {
    const rule = request.routeOptions.config.stepUp;
    if (!rule || rule.when === 'always') return done();
    conditionalGuard(ctx, request, rule).then(
      (limit) => (limit ? refundLimits.run(limit, done) : done()),
      (err: Error) => done(err),
    );
  });
}

function refusalFor(ctx: AppContext, request: FastifyRequest): Promise<DomainError | null> {
  const signedIn = adminOf(request);
  return stepUpRefusal(ctx, signedIn.id, signedIn.sessionId);
}

async function conditionalGuard(
  ctx: AppContext,
  request: FastifyRequest,
  rule: Exclude<StepUpRule, { when: 'always' }>,
): Promise<RefundLimit | undefined> {
  const refusal = await refusalFor(ctx, request);
  if (!refusal) return undefined;
  if (rule.when === 'asked') {
    if (await rule.asks(ctx, { body: request.body, params: request.params })) throw refusal;
    return undefined;
  }
  const windowMs = ctx.config.STEP_UP_REFUND_WINDOW_MINUTES * 60_000;
  return {
    userId: adminOf(request).id,
    since: new Date(ctx.now().getTime() - windowMs),
    limitCents: eurosToCents(ctx.config.STEP_UP_REFUND_EUR),
    refusal,
  };
}

/**
 * The refund limit of the call being served: set on a route marked stepUpAboveRefundLimit whose
 * session's factor is not recent, else undefined (the customer's cancellation, a job). The
 * refund's transaction applies it (bookings/refunds.ts refundWithinStepUp).
 */
export function refundLimitOfThisCall(): RefundLimit | undefined {
  return refundLimits.getStore();
}
