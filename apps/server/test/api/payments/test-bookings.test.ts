// Issue 23.5: with PAYMENTS=sandbox the operator sells through the sandbox on purpose, so the
// site says the bookings are tests: every page carries a banner the server writes into it
// (apps/web/src/app/test-bookings-banner.tsx, test/api/http/prerendered-pages.test.ts), and every
// e-mail says it in its reader's language.
// The refusal to start production without a card provider: test/security/production-start.test.ts.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox } from '../../../src/db/schema';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { buyAndConfirm, checkoutTestApp, sharedRequest } from '../../helpers/checkout-fixtures';

const NOTICE = {
  es: 'RESERVA DE PRUEBA: este sitio solo acepta reservas de prueba.',
  de: 'TESTBUCHUNG: Diese Website nimmt nur Testbuchungen an.',
};

describe('PAYMENTS=sandbox: test bookings, said in every e-mail', async () => {
  const { t, db, boat, nextTrip } = await checkoutTestApp({ PAYMENTS: 'sandbox' });

  it('marks the confirmation, in the booking language, in its subject and at the top of its text', async () => {
    const { bookingId } = await buyAndConfirm(
      t.app,
      sharedRequest(
        boat.id,
        await nextTrip(),
        { adults: 2, children50: 0, kidsFree: 0 },
        {
          customer: { name: 'Lucía', email: 'lucia@example.com' },
          lang: 'es',
        },
      ),
    );
    await queueEventEmails(t.ctx);
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, bookingId));
    expect(mail?.subject).toMatch(/^\[RESERVA DE PRUEBA\] /);
    expect(mail?.textBody.startsWith(NOTICE.es)).toBe(true);
    expect(mail?.htmlBody).toContain(`<p><strong>${NOTICE.es}`);
  });

  it('marks e-mails about no booking too: the contact acknowledgement and the operator’s notice', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/messages/messages',
      payload: { name: 'Jonas', email: 'jonas@example.com', source: 'landing', language: 'de' },
    });
    expect(sent.statusCode).toBe(200);
    await queueEventEmails(t.ctx);
    const [ack] = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'contact_acknowledgement'));
    expect(ack?.subject).toMatch(/^\[TESTBUCHUNG\] /);
    expect(ack?.textBody.startsWith(NOTICE.de)).toBe(true);
    const [notice] = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'contact_lead'));
    expect(notice?.subject).toMatch(/^\[TEST BOOKING\] New contact request from Jonas/);
  });
});

describe('without PAYMENTS=sandbox nothing is marked', async () => {
  const { t, db, boat, nextTrip } = await checkoutTestApp();

  it('leaves the e-mails as they are', async () => {
    const { bookingId } = await buyAndConfirm(
      t.app,
      sharedRequest(
        boat.id,
        await nextTrip(),
        { adults: 1, children50: 0, kidsFree: 0 },
        { customer: { name: 'Ann', email: 'ann@example.com' }, lang: 'en' },
      ),
    );
    await queueEventEmails(t.ctx);
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, bookingId));
    expect(mail?.subject).not.toContain('TEST');
    expect(mail?.textBody).not.toContain('TEST BOOKING');
  });
});
