import { describe, expect, it } from 'vitest';
import { cardEntrySchema } from './card-entry';

const now = () => new Date('2026-11-21T12:00:00Z');

describe('the sandbox card form', () => {
  it('parses a typed card into what the sandbox takes', () => {
    expect(
      cardEntrySchema(now).parse({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }),
    ).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
    });
  });

  it('names the field of each problem, an expired card on the expiry', () => {
    const result = cardEntrySchema(now).safeParse({ number: '4242', expiry: '10/26', cvc: '1' });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['number', 'validation.cardNumber'],
      ['expiry', 'validation.cardExpired'],
      ['cvc', 'validation.cardCvc'],
    ]);
    // The card is good to the end of its month.
    expect(
      cardEntrySchema(now).safeParse({ number: '4242424242424242', expiry: '11/26', cvc: '123' }).success,
    ).toBe(true);
  });
});
