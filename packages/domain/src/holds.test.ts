import { describe, expect, it } from 'vitest';
import { holdEnd } from './holds';

const NOW = new Date('2027-07-10T07:00:00Z');
const at = (iso: string) => new Date(iso);

describe('holdEnd: a payment link', () => {
  it('holds the hours chosen when the trip is further away', () => {
    expect(holdEnd({ channel: 'paymentLink', hours: 24 }, NOW, at('2027-07-11T10:00:00Z'))).toEqual({
      ok: true,
      expiresAt: at('2027-07-11T07:00:00Z'),
      capped: false,
    });
  });

  it('ends exactly 30 minutes before the start without saying capped when that is the hours chosen', () => {
    expect(holdEnd({ channel: 'paymentLink', hours: 1 }, NOW, at('2027-07-10T08:30:00Z'))).toEqual({
      ok: true,
      expiresAt: at('2027-07-10T08:00:00Z'),
      capped: false,
    });
  });

  it('caps the hold 30 minutes before the trip leaves', () => {
    expect(holdEnd({ channel: 'paymentLink', hours: 6 }, NOW, at('2027-07-10T10:00:00Z'))).toEqual({
      ok: true,
      expiresAt: at('2027-07-10T09:30:00Z'),
      capped: true,
    });
  });

  it('refuses a link that would leave less than 10 minutes to pay', () => {
    expect(holdEnd({ channel: 'paymentLink', hours: 1 }, NOW, at('2027-07-10T07:39:59Z'))).toMatchObject({
      ok: false,
    });
    expect(holdEnd({ channel: 'paymentLink', hours: 1 }, NOW, at('2027-07-10T07:40:00Z'))).toEqual({
      ok: true,
      expiresAt: at('2027-07-10T07:10:00Z'),
      capped: true,
    });
  });
});

describe('holdEnd: every channel stops at the start', () => {
  it('holds a checkout, a reseller and a waitlist offer for their minutes', () => {
    const start = at('2027-07-11T10:00:00Z');
    expect(holdEnd({ channel: 'checkout', minutes: 15 }, NOW, start)).toEqual({
      ok: true,
      expiresAt: at('2027-07-10T07:15:00Z'),
      capped: false,
    });
    expect(holdEnd({ channel: 'reseller' }, NOW, start)).toMatchObject({
      expiresAt: at('2027-07-10T07:30:00Z'),
    });
    expect(holdEnd({ channel: 'reseller', minutes: 90 }, NOW, start)).toMatchObject({
      expiresAt: at('2027-07-10T08:30:00Z'),
    });
    expect(holdEnd({ channel: 'inPerson' }, NOW, start)).toMatchObject({
      expiresAt: at('2027-07-10T07:05:00Z'),
    });
  });

  it("never holds past the trip's start", () => {
    const start = at('2027-07-10T07:10:00Z');
    for (const hold of [
      { channel: 'checkout', minutes: 30 },
      { channel: 'reseller', minutes: 1440 },
      { channel: 'waitlist', minutes: 60 },
    ] as const) {
      expect(holdEnd(hold, NOW, start)).toEqual({ ok: true, expiresAt: start, capped: true });
    }
  });
});
