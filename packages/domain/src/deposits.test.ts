import { describe, expect, it } from 'vitest';
import { depositAuthoriseAt, depositCaptureRefusal, depositLapsesAt } from './deposits';

describe('the security deposit', () => {
  it('is authorised the given hours before departure and lapses 7 days after its authorisation', () => {
    const start = new Date('2027-07-10T08:00:00Z');
    expect(depositAuthoriseAt(start, 24).toISOString()).toBe('2027-07-09T08:00:00.000Z');
    expect(depositLapsesAt(new Date('2027-07-09T08:00:00Z')).toISOString()).toBe('2027-07-16T08:00:00.000Z');
  });

  it('is captured only while held, for more than nothing and never more than the deposit', () => {
    const held = { status: 'authorised' as const, amountCents: 30_000 };
    expect(depositCaptureRefusal(held, 30_000)).toBeNull();
    expect(depositCaptureRefusal(held, 1)).toBeNull();
    expect(depositCaptureRefusal(held, 30_001)).toBe('capture_exceeds_deposit');
    expect(depositCaptureRefusal(held, 0)).toBe('invalid_amount');
    expect(depositCaptureRefusal(held, 10.5)).toBe('invalid_amount');
    for (const status of ['scheduled', 'failed', 'released', 'captured', 'lapsed', 'canceled'] as const) {
      expect(depositCaptureRefusal({ status, amountCents: 30_000 }, 100)).toBe('deposit_not_held');
    }
  });
});
