// Who "one client" is, for every per-client limit: unpaid holds, failed sign-ins, contact
// messages, booking lookups and every route's rate limit. An IPv4 address is one client; an
// IPv6 client is its /64, because one home line or one cloud machine is handed a whole /64 and
// picks any address in it at will (the attack run held a 10-seat trip from ten addresses of
// one /64). An IPv4 address written as IPv6 (`::ffff:192.0.2.1`) is that IPv4 address.
import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of a valid IPv6 address (an IPv4 tail becomes the last two). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0] ?? '';
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const first = parse(head);
  if (tail === undefined) return first;
  const last = parse(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

/**
 * The key that names the client of a request in every per-client limit: its IPv4 address, or
 * its IPv6 /64 prefix (`2001:db8:1:2::/64`). `request.ip` is already the address TRUST_PROXY
 * allows (the right-most untrusted one of X-Forwarded-For).
 */
export function clientKey(request: { ip: string }): string {
  const { ip } = request;
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
