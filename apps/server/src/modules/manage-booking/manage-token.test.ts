import { describe, expect, it } from 'vitest';
import { checkManageToken, manageBookingUrl, MANAGE_LINK_MARGIN_DAYS, signManageToken } from './manage-token';

const secret = 'a'.repeat(32);
const now = new Date('2027-05-01T10:00:00Z');
const booking = {
  id: '0b6a3c1e-1f7a-4a63-9d6e-6a0d3c6f2a11',
  customerEmail: 'Ana@Example.com',
  endsAt: new Date('2027-05-10T12:00:00Z'),
};
const DAY = 24 * 60 * 60 * 1000;

describe('manage token', () => {
  it('opens the booking it was issued for, in any letter case of its address', () => {
    const token = signManageToken(booking, secret, now);
    expect(checkManageToken(booking, token, secret, now)).toBe('valid');
    expect(checkManageToken({ ...booking, customerEmail: 'ana@example.com' }, token, secret, now)).toBe(
      'valid',
    );
  });

  it('differs at every issue', () => {
    expect(signManageToken(booking, secret, now)).not.toBe(signManageToken(booking, secret, now));
  });

  it('lapses the margin after the trip ends, never sooner than a week after it was issued', () => {
    const token = signManageToken(booking, secret, now);
    const lapse = booking.endsAt.getTime() + MANAGE_LINK_MARGIN_DAYS * DAY;
    expect(checkManageToken(booking, token, secret, new Date(lapse - 1000))).toBe('valid');
    expect(checkManageToken(booking, token, secret, new Date(lapse + 1000))).toBe('expired');
    const late = new Date(lapse + 100 * DAY);
    const renewed = signManageToken(booking, secret, late);
    expect(checkManageToken(booking, renewed, secret, new Date(late.getTime() + 6 * DAY))).toBe('valid');
    expect(checkManageToken(booking, renewed, secret, new Date(late.getTime() + 8 * DAY))).toBe('expired');
  });

  it('does not open another booking, another address, an erased booking, nor with another secret or altered', () => {
    const token = signManageToken(booking, secret, now);
    expect(
      checkManageToken({ ...booking, id: '7c1d8e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f' }, token, secret, now),
    ).toBe('invalid');
    expect(checkManageToken({ ...booking, customerEmail: 'other@example.com' }, token, secret, now)).toBe(
      'invalid',
    );
    expect(checkManageToken({ ...booking, customerEmail: '' }, token, secret, now)).toBe('invalid');
    expect(checkManageToken(booking, token, 'b'.repeat(32), now)).toBe('invalid');
    // The signature's first character changed (its last one carries bits a decoder may ignore).
    const at = token.lastIndexOf('.') + 1;
    const altered = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    expect(checkManageToken(booking, altered, secret, now)).toBe('invalid');
    const [expires, nonce, signed] = token.split('.');
    expect(checkManageToken(booking, `${Number(expires) + 86400}.${nonce}.${signed}`, secret, now)).toBe(
      'invalid',
    );
    expect(checkManageToken(booking, '', secret, now)).toBe('invalid');
  });

  it('builds the e-mail link to manage-my-booking', () => {
    const url = new URL(manageBookingUrl('https://boats.example', booking, secret, now));
    expect(url.pathname).toBe('/booking/manage');
    expect(url.searchParams.get('booking')).toBe(booking.id);
    expect(checkManageToken(booking, url.searchParams.get('token') ?? '', secret, now)).toBe('valid');
  });
});
