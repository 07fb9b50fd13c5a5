import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key';

const key = (ip: string) => clientKey({ ip });

describe('clientKey', () => {
  it('names an IPv4 client by its address', () => {
    expect(key('192.0.2.7')).toBe('192.0.2.7');
    expect(key('10.0.0.1')).not.toBe(key('10.0.0.2'));
  });

  it('names an IPv6 client by its /64, however the address is written', () => {
    const one = key('2001:db8:aa:bb::1');
    expect(one).toBe('2001:db8:aa:bb::/64');
    expect(key('2001:0db8:00aa:00bb:ffff:ffff:ffff:ffff')).toBe(one);
    expect(key('2001:DB8:AA:BB:1:2:3:4')).toBe(one);
    expect(key('2001:db8:aa:bb::1%eth0')).toBe(one);
    expect(key('2001:db8:aa:bc::1')).not.toBe(one);
    expect(key('::1')).toBe('0:0:0:0::/64');
    expect(key('fe80::1:2:3:4')).toBe('fe80:0:0:0::/64');
  });

  it('names an IPv4 address written as IPv6 by the IPv4 address', () => {
    expect(key('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(key('::ffff:c000:207')).toBe('192.0.2.7');
  });
});
