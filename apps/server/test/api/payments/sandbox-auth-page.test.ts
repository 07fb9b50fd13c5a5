// The sandbox's 3-D Secure page speaks the language the visitor chose on the site, not only
// their browser's.
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/test-app';
import { card, CARDS, createBoat, createSlot, sharedRequest } from '../../helpers/checkout-fixtures';

describe('sandbox 3-D Secure page language', async () => {
  const t = await buildTestApp({ template: 'empty', now: new Date('2027-06-01T09:00:00Z') });
  const boat = await createBoat(t.ctx.db);
  const trip = await createSlot(t.ctx.db, boat.id, {
    type: 'shared',
    start: new Date('2027-06-10T09:00:00Z'),
    seatsTotal: 10,
    seatPriceCents: 2500,
  });

  let visitor = 0;
  async function authPage(lang: string, acceptLanguage: string) {
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/boat/payment-intent',
      // Each page is another visitor's checkout (one address may hold only so many seats).
      remoteAddress: `198.51.100.${++visitor}`,
      payload: sharedRequest(boat.id, trip, { adults: 1, children50: 0, kidsFree: 0 }, { lang }),
    });
    const { clientSecret } = intent.json<{ clientSecret: string }>();
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      payload: { clientSecret, card: card(CARDS.threeDs), returnUrl: 'http://localhost:3000/booking' },
    });
    const { redirectUrl } = paid.json<{ redirectUrl: string }>();
    const page = await t.app.inject({ url: redirectUrl, headers: { 'accept-language': acceptLanguage } });
    expect(page.statusCode).toBe(200);
    return page.body;
  }

  it('is Russian for a visitor who booked in Russian with an English browser', async () => {
    const html = await authPage('ru', 'en-GB,en;q=0.9');
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('Подтвердите платёж');
    expect(html).not.toContain('Confirm your payment');
    // The amount as the reader writes it: euros after the number, a decimal comma.
    expect(html).toMatch(/>25,00\s€</);
  });

  it('is Spanish for a Spanish booking', async () => {
    const html = await authPage('es', 'ru');
    expect(html).toContain('Confirma tu pago');
    expect(html).toMatch(/>25,00\s€</);
  });

  it.each([
    ['de', 'Zahlung bestätigen', 'Freigeben'],
    ['fr', 'Confirmez votre paiement', 'Valider'],
    ['it', 'Conferma il pagamento', 'Approva'],
  ])('is in the booking language for a %s booking', async (lang, heading, approve) => {
    const html = await authPage(lang, 'en');
    expect(html).toContain(`<html lang="${lang}">`);
    expect(html).toContain(heading);
    expect(html).toContain(`>${approve}</button>`);
    expect(html).toMatch(/>25,00\s€</);
  });

  it('is English with the amount after the euro sign for an English booking', async () => {
    const html = await authPage('en', 'es');
    expect(html).toContain('Confirm your payment');
    expect(html).toContain('>€25.00<');
  });
});
