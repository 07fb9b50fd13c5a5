import { describe, expect, it } from 'vitest';
import { manageBookingUrl, signManageToken, verifyManageToken } from './manage-token';

const secret = 'a'.repeat(32);
const booking = '0b6a3c1e-1f7a-4a63-9d6e-6a0d3c6f2a11';
const other = '7c1d8e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f';

describe('manage token', () => {
  it('opens the booking it was issued for', () => {
    expect(verifyManageToken(booking, signManageToken(booking, secret), secret)).toBe(true);
  });

  it('does not open another booking, nor with another secret, nor when altered', () => {
    const token = signManageToken(booking, secret);
    expect(verifyManageToken(other, token, secret)).toBe(false);
    expect(verifyManageToken(booking, token, 'b'.repeat(32))).toBe(false);
    expect(verifyManageToken(booking, `${token.slice(0, -1)}A`, secret)).toBe(false);
    expect(verifyManageToken(booking, '', secret)).toBe(false);
  });

  it('builds the e-mail link to manage-my-booking', () => {
    const url = new URL(manageBookingUrl('https://boats.example', booking, secret));
    expect(url.pathname).toBe('/booking/manage');
    expect(url.searchParams.get('booking')).toBe(booking);
    expect(verifyManageToken(booking, url.searchParams.get('token') ?? '', secret)).toBe(true);
  });
});
