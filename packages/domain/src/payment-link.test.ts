import { describe, expect, it } from 'vitest';
import { paymentLinkHold } from './payment-link';

const NOW = new Date('2027-07-10T07:00:00Z');
const at = (iso: string) => new Date(iso);

describe('paymentLinkHold', () => {
  it('holds the hours chosen when the trip is further away', () => {
    expect(paymentLinkHold(NOW, at('2027-07-11T10:00:00Z'), 24)).toEqual({
      ok: true,
      expiresAt: at('2027-07-11T07:00:00Z'),
      capped: false,
    });
  });

  it('ends exactly 30 minutes before the start without saying capped when that is the hours chosen', () => {
    expect(paymentLinkHold(NOW, at('2027-07-10T08:30:00Z'), 1)).toEqual({
      ok: true,
      expiresAt: at('2027-07-10T08:00:00Z'),
      capped: false,
    });
  });

  it('caps the hold 30 minutes before the trip leaves', () => {
    expect(paymentLinkHold(NOW, at('2027-07-10T10:00:00Z'), 6)).toEqual({
      ok: true,
      expiresAt: at('2027-07-10T09:30:00Z'),
      capped: true,
    });
  });

  it('refuses a link that would leave less than 10 minutes to pay', () => {
    expect(paymentLinkHold(NOW, at('2027-07-10T07:39:59Z'), 1)).toMatchObject({ ok: false, code: 'tooLate' });
    expect(paymentLinkHold(NOW, at('2027-07-10T07:40:00Z'), 1)).toEqual({
      ok: true,
      expiresAt: at('2027-07-10T07:10:00Z'),
      capped: true,
    });
  });
});
