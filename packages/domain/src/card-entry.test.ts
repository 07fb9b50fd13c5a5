import { describe, expect, it } from 'vitest';
import { cardProblems, formatCardExpiry, formatCardNumber } from './card-entry';

describe('formatCardExpiry: digits on a numeric keypad become MM/YY', () => {
  it.each([
    ['1', '', '1'],
    ['12', '1', '12/'],
    ['122', '12/', '12/2'],
    ['12/29', '12/2', '12/29'],
    ['1229', '', '12/29'],
    ['4', '', '04/'],
    ['12/299', '12/29', '12/29'],
    ['ab0-7x3', '', '07/3'],
  ])('typed %j after %j shows %j', (typed, previous, shown) => {
    expect(formatCardExpiry(typed, previous)).toBe(shown);
  });

  it('deleting over the slash removes it instead of adding it back', () => {
    expect(formatCardExpiry('12', '12/')).toBe('12');
    expect(formatCardExpiry('1', '12')).toBe('1');
  });
});

describe('formatCardNumber', () => {
  it('groups by four and drops everything but digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42')).toBe('4242 42');
  });
});

describe('cardProblems', () => {
  const now = new Date('2027-06-15T10:00:00Z');
  const ok = { number: '4242 4242 4242 4242', expiry: '12/29', cvc: '123' };

  it('is empty for a complete card', () => {
    expect(cardProblems(ok, now)).toEqual([]);
  });

  it('names each missing or wrong field', () => {
    expect(cardProblems({ number: '4242', expiry: '12', cvc: '1' }, now)).toEqual([
      'number',
      'expiry',
      'cvc',
    ]);
    expect(cardProblems({ ...ok, expiry: '13/29' }, now)).toEqual(['expiry']);
  });

  it('a card works to the end of its expiry month', () => {
    expect(cardProblems({ ...ok, expiry: '06/27' }, now)).toEqual([]);
    expect(cardProblems({ ...ok, expiry: '05/27' }, now)).toEqual(['expired']);
  });
});
