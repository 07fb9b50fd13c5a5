import { describe, expect, it } from 'vitest';
import { contactErrors } from './contact-form';
import { readPaymentReturn, returnUrlOf } from './payment-return-params';
import { parseCard } from './sandbox-card-form';
import { ticketSvg } from './ticket-svg';
import { shortNumber } from './booking-confirmation';

describe('ticket SVG', () => {
  it('is a 900×360 SVG that names and encodes the ticket code', () => {
    const svg = ticketSvg({
      code: 'TK-AB12<CD',
      boat: 'Teide Spirit',
      when: '25/11/2026 10:00–13:00',
      harbour: 'Puerto Colón',
      seatLabel: 'Seat 1',
      typeLabel: 'Adult',
      price: '€60.00',
      shortNumberLabel: 'Ticket',
    });
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(doc.querySelector('parsererror')).toBeNull();
    const root = doc.documentElement;
    expect([root.getAttribute('width'), root.getAttribute('height')]).toEqual(['900', '360']);
    expect(root.textContent).toContain('TK-AB12<CD');
    expect(doc.querySelectorAll('path').length).toBe(1);
  });
});

describe('booking contact (spec §5)', () => {
  it('needs a name of 2+ characters and an e-mail or an international phone', () => {
    expect(contactErrors({ name: 'A', email: '', phone: '' })).toEqual({
      name: 'validation.minChars2',
      email: 'validation.emailOrPhone',
      phone: 'validation.emailOrPhone',
    });
    expect(contactErrors({ name: 'Ana', email: 'ana@example', phone: '' }).email).toBe('validation.email');
    expect(contactErrors({ name: 'Ana', email: '', phone: '+34 600 12 34' })).toEqual({});
    expect(contactErrors({ name: 'Ana', email: '', phone: '12345' }).phone).toBe('validation.phoneIntl');
  });
});

describe('card fields and return URLs', () => {
  it('reads the sandbox card only when complete', () => {
    expect(parseCard({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' })).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
    });
    expect(parseCard({ number: '4242', expiry: '12/34', cvc: '123' })).toBeNull();
    expect(parseCard({ number: '4242424242424242', expiry: '13/34', cvc: '123' })).toBeNull();
  });

  it('strips the redirect parameters and reads them back', () => {
    const back =
      'https://x.test/booking?boatId=b1&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_z&redirect_status=succeeded';
    expect(returnUrlOf(back)).toBe('https://x.test/booking?boatId=b1');
    expect(readPaymentReturn(new URL(back).search)).toEqual({
      intentId: 'pi_1',
      redirectStatus: 'succeeded',
    });
    expect(readPaymentReturn('?boatId=b1')).toBeNull();
  });

  it('short booking number is the last 8 characters in capitals', () => {
    expect(shortNumber('0b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c')).toBe('1F0A9B8C');
  });
});
