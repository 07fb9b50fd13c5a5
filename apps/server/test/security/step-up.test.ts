// Step-up by structure (issue 53), read from the real route table: every back-office route that
// moves money or gives power carries a step-up mark (modules/auth/step-up.ts), every other
// back-office write was reviewed as not needing one, and the one guard of the guarded plugins
// answers 403 step_up_required on every marked route for a session whose factor is stale.
import { describe, expect, it } from 'vitest';
import { concreteUrl, isAdminPath, routeTable } from '../helpers/route-table';
import { newOwner } from '../helpers/admin-token';
import { enrolledSignIn, newAccount } from '../helpers/second-factor';
import { buildTestApp } from '../helpers/test-app';

/** Audit actions of the acts that move money, give power or take personal data away in bulk. */
const MONEY_OR_POWER = new Set([
  'booking.refund', // money back to a customer: above the limit, counted over the window
  'payout.account', // where an owner's money goes
  'payout.run', // sends the owners' balances now
  'payout.hold', // releasing a hold lets the money go (putting one on does not ask)
  'owner.update', // an owner's commission (other fields do not ask)
  'boat.reseller_commission', // every future reseller sale's money
  'reseller.settle', // money recorded as received from a reseller
  'agent.settle', // money recorded as received from an agent
  'invoice.correct_record', // a new fiscal record sent to the AEAT
  'invoice.cancel', // a registro de anulación: a document taken out of the books
  'owner.aeat_representation', // the platform's certificate sends records in the owner's name
  'invoice.change_recipient', // a rectifying invoice by substitution to another recipient
  'staff.create', // a new back-office account
  'agent.create', // a new account that sells seats for cash
  'owner_application.approve', // a new owner account with the back office's powers
  'reseller.issue_key', // a key that sells seats on the reseller's account
  'reseller.add_webhook', // where a reseller's bookings are told, with a secret shown once
  'reseller.rotate_webhook_secret', // a new signing secret, shown once
  'erasure.carry_out', // blanks a customer's data for good
  'export.bookings_csv', // every customer's name, e-mail and phone in one file
  'export.manifest_csv', // a trip's passengers' names and phones in one file
  'export.audit_csv', // every actor's e-mail and address in one file
  'account.password_change', // the account's own keys
  'account.email_change',
  'account.passkey_add',
  'account.passkey_remove',
  'account.totp_remove',
  'account.recovery_codes',
]);

/**
 * Back-office writes reviewed as not needing step-up. Adding one here is a security decision:
 * say why in the line.
 */
const NO_STEP_UP = new Set([
  'account.sign_out_device', // takes access away
  'account.sign_out_others', // takes access away
  'booking.confirm', // a paid booking's next state: no money moves
  'booking.accept', // a request-to-book captured: money comes in
  'booking.decline', // releases a card authorisation never captured
  'booking.lapse', // the same, at the deadline
  'booking.cancel', // refunds nothing by itself: the refund is its own, marked route
  'booking.payment_link', // a link for the customer to pay: money comes in
  'booking.walk_in', // a sale at the harbour: money comes in
  'booking.agent_sale', // an agent's sale, on the agent's account
  'booking.check_in', // a passenger on board
  // The security deposit (docs/payments.md#the-security-deposit): a damage claim captures nothing
  // by itself (the customer answers; decision 40), and the admin's decision on a dispute captures
  // at most what the customer agreed to be held and the owner claimed, told why (as an accept
  // captures a request); a release lets an authorisation go; a harbour deposit is money taken in
  // person.
  'booking.deposit_claim',
  'booking.deposit_decide',
  'booking.deposit_release',
  'booking.deposit_harbour',
  // A self-drive handover (decision 39): records of the skipper, the boat's condition and the
  // photos; the agreement's PDF names only the booking's own customer and skipper.
  'booking.licence_record',
  'booking.licence_confirm',
  'booking.licence_refuse',
  'booking.condition_record',
  'booking.evidence_photo',
  'export.rental_agreement',
  'boat.create', // the catalogue
  'boat.update',
  'boat.listing',
  'boat.archive',
  'boat.instant_forced',
  'boat.resellers', // which resellers may sell a boat, at the commission set by a marked route
  'boat.pause', // takes a boat off sale
  'owner.aeat_representation_revoke', // holds the owner's records: nothing is sent
  'calendar_feed.create', // the owner's own calendar of trips; rotating revokes the old address
  'calendar_feed.rotate',
  'photo.upload',
  'message.read',
  'message.reply',
  'review.hide',
  'review.reply',
  'schedule.apply', // the calendar
  'schedule.day',
  'slot.save',
  'slot.delete',
  'trip.cancel', // the weather act at the quay: every customer refunded in full to where they paid
  'trip.waive_minimum',
  'invoice.issue', // the month's documents, issued by the schedule anyway: no money moves
  'reseller.issue_invoices', // the same for resellers
  'owner.invoicing', // the owner's invoicing details printed on their own commission invoices
  'owner.notifications',
  'owner.crew_permissions', // one switch: crew may sell walk-ins below a trip's minimum
  'owner.suspend', // takes an owner's boats off sale
  'owner_application.decline',
  'promo_code.create', // a discount bounded by the code's own limits
  'promo_code.update',
  'reseller.create', // a reseller without a key can do nothing (the key is marked)
  'reseller.boats', // which boats a reseller may sell
  'reseller.billing', // the reseller's invoicing details
  'reseller.hold_limits', // how much its keys may hold unconfirmed: no money, no new key (like its boats)
  'reseller.revoke_key', // takes power away
  'reseller.remove_webhook', // takes power away
  'staff.disable', // takes power away
]);

// 10 s into a 30 s step, like test/api/auth/second-factor.test.ts.
const NOW = new Date('2026-11-27T10:00:10Z');

describe('step-up marks over the route table', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const table = routeTable(t.routes);
  const backOffice = table.filter((r) => r.allowedRoles !== undefined || isAdminPath(r.url));
  const name = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

  it('marks every back-office route that moves money or gives power', () => {
    const unmarked = backOffice
      .filter((r) => r.auditAction && MONEY_OR_POWER.has(r.auditAction) && !r.stepUp)
      .map(name);
    expect(unmarked, 'money or power routes without a step-up mark (config: stepUp())').toEqual([]);
    // Every action of the list names a route, so a renamed action cannot leave the list empty-handed.
    const actions = new Set(backOffice.map((r) => r.auditAction));
    expect([...MONEY_OR_POWER].filter((a) => !actions.has(a))).toEqual([]);
  });

  it('has every other back-office write reviewed as not needing it', () => {
    const undecided = backOffice
      .filter((r) => r.auditAction && !r.stepUp && !NO_STEP_UP.has(r.auditAction))
      .map((r) => `${name(r)} (${r.auditAction})`);
    expect(undecided, 'back-office writes neither marked nor reviewed in NO_STEP_UP').toEqual([]);
    const markedAnyway = backOffice
      .filter((r) => r.stepUp && r.auditAction && NO_STEP_UP.has(r.auditAction))
      .map(name);
    expect(markedAnyway, 'marked routes still listed in NO_STEP_UP').toEqual([]);
  });

  // A not-exempt admin and owner with an authenticator, signed in at NOW; 11 minutes later their
  // factor is older than STEP_UP_MINUTES.
  const admin = await enrolledSignIn(t, (await newAccount(t, 'guard-admin@boats.test', 'admin', null)).email);
  const ownerId = await newOwner(t);
  const owner = await enrolledSignIn(
    t,
    (await newAccount(t, 'guard-owner@boats.test', 'owner', ownerId)).email,
  );
  const always = backOffice.filter((r) => r.stepUp === 'always');

  it.each(always.map((r) => [name(r), r] as const))(
    '%s answers 403 step_up_required on a stale session, before it reads the body',
    async (_name, route) => {
      t.setNow(new Date(NOW.getTime() + 11 * 60_000));
      const token = route.allowedRoles?.includes('admin') ? admin.accessToken : owner.accessToken;
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: concreteUrl(route.url),
        headers: { authorization: `Bearer ${token}` },
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ error: 'step_up_required' });
    },
  );

  it('marks the conditional ones with their predicate or the refund limit', () => {
    const conditional = backOffice.filter((r) => r.stepUp && r.stepUp !== 'always');
    expect(conditional.map((r) => `${name(r)} ${r.stepUp}`).sort()).toEqual([
      'PATCH /api/admin/owners/:id asked',
      'POST /api/admin/bookings/:id/refund refund_limit',
      'POST /api/admin/payouts/owners/:ownerId/hold asked',
    ]);
  });

  it('asks for it to release an owner’s payout hold, not to put one on', async () => {
    t.setNow(new Date(NOW.getTime() + 11 * 60_000));
    const hold = (onHold: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/payouts/owners/${ownerId}/hold`,
        headers: { authorization: `Bearer ${admin.accessToken}` },
        payload: { onHold },
      });
    const on = await hold(true);
    expect(on.statusCode, on.body).toBe(200);
    const release = await hold(false);
    expect(release.statusCode).toBe(403);
    expect(release.json()).toMatchObject({ error: 'step_up_required' });
  });
});
