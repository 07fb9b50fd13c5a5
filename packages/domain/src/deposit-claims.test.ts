import { describe, expect, it } from 'vitest';
import { claimAnswerBy, claimDecisionRefusal, claimRefusal, claimWindowEndsAt } from './deposit-claims';

const RETURN = new Date('2027-07-10T18:00:00Z');
const at = (iso: string) => new Date(iso);

describe('a damage claim against the deposit', () => {
  it('may be filed until the owner’s window after the return ends, earlier when the card would lapse first', () => {
    // A day's charter held the day before: the card lapses 6 days after departure, room enough.
    const lapses = at('2027-07-16T08:00:00Z');
    expect(claimWindowEndsAt(RETURN, 48, lapses).toISOString()).toBe('2027-07-12T18:00:00.000Z');
    // A week-long charter: 36 hours (the admin's day and the customer's least 12) before the lapse.
    const soon = at('2027-07-12T08:00:00Z');
    expect(claimWindowEndsAt(RETURN, 48, soon).toISOString()).toBe('2027-07-10T20:00:00.000Z');
    // Taken at the harbour: nothing lapses.
    expect(claimWindowEndsAt(RETURN, 72, null).toISOString()).toBe('2027-07-13T18:00:00.000Z');
  });

  it('gives the customer the answer window, cut to a day before the card lapses', () => {
    const filed = at('2027-07-11T09:00:00Z');
    expect(claimAnswerBy(filed, 48, at('2027-07-16T08:00:00Z')).toISOString()).toBe(
      '2027-07-13T09:00:00.000Z',
    );
    expect(claimAnswerBy(filed, 48, at('2027-07-13T08:00:00Z')).toISOString()).toBe(
      '2027-07-12T08:00:00.000Z',
    );
    expect(claimAnswerBy(filed, 48, null).toISOString()).toBe('2027-07-13T09:00:00.000Z');
  });

  it('is refused without a held deposit, a return, inside the window, above the deposit, or twice', () => {
    const input = {
      deposit: { status: 'authorised', amountCents: 30_000, lapsesAt: at('2027-07-16T08:00:00Z') },
      returnAt: RETURN,
      windowHours: 48,
      hasClaim: false,
      amountCents: 12_000,
      now: at('2027-07-11T09:00:00Z'),
    };
    expect(claimRefusal(input)).toBeNull();
    expect(claimRefusal({ ...input, amountCents: 30_000 })).toBeNull();
    expect(claimRefusal({ ...input, amountCents: 30_001 })).toBe('capture_exceeds_deposit');
    expect(claimRefusal({ ...input, amountCents: 0 })).toBe('invalid_amount');
    expect(claimRefusal({ ...input, hasClaim: true })).toBe('claim_exists');
    expect(claimRefusal({ ...input, returnAt: null })).toBe('no_return_record');
    expect(claimRefusal({ ...input, deposit: { ...input.deposit, status: 'released' } })).toBe(
      'deposit_not_held',
    );
    // Exactly at the window's end: closed.
    expect(claimRefusal({ ...input, now: at('2027-07-12T18:00:00Z') })).toBe('claim_window_closed');
    expect(claimRefusal({ ...input, now: at('2027-07-12T17:59:59Z') })).toBeNull();
  });

  it('is decided by the admin only while disputed, from nothing to the amount claimed', () => {
    const disputed = { status: 'disputed' as const, amountCents: 12_000 };
    expect(claimDecisionRefusal(disputed, 0)).toBeNull();
    expect(claimDecisionRefusal(disputed, 12_000)).toBeNull();
    expect(claimDecisionRefusal(disputed, 12_001)).toBe('decision_exceeds_claim');
    expect(claimDecisionRefusal(disputed, -1)).toBe('invalid_amount');
    expect(claimDecisionRefusal({ ...disputed, status: 'open' }, 100)).toBe('claim_not_disputed');
  });
});
