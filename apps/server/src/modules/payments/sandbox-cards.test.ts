import { describe, expect, it } from 'vitest';
import { cardOutcome, luhnValid } from './sandbox-cards';

const NOW = new Date('2027-06-15T12:00:00Z');
const card = (number: string, expMonth = 12, expYear = 2030) => ({ number, expMonth, expYear });

describe('sandbox test cards', () => {
  it('behave like Stripe test cards', () => {
    expect(cardOutcome(card('4242 4242 4242 4242'), NOW)).toEqual({ kind: 'succeeded' });
    expect(cardOutcome(card('4000-0000-0000-9995'), NOW)).toEqual({
      kind: 'declined',
      message: 'Your card was declined.',
    });
    expect(cardOutcome(card('4000002760003184'), NOW)).toEqual({ kind: 'requires_action' });
    expect(cardOutcome(card('4000 0025 0000 3155'), NOW)).toEqual({ kind: 'requires_action' });
  });

  it('refuses a mistyped number and an expired card, but not one expiring this month', () => {
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(cardOutcome(card('4242 4242 4242 4241'), NOW)).toMatchObject({
      message: 'Your card number is incorrect.',
    });
    expect(cardOutcome(card('4242 4242 4242 4242', 5, 2027), NOW)).toMatchObject({
      message: 'Your card has expired.',
    });
    expect(cardOutcome(card('4242 4242 4242 4242', 6, 27), NOW)).toEqual({ kind: 'succeeded' });
  });
});
