// Where a reseller's webhook may be sent (docs/security.md#webhooks-reach-only-the-internet): a
// public internet address, never this machine, its private network, the cloud's metadata service
// or an address that stands for one of those. A reseller's key must not buy requests into the
// platform's network. The rule is applied to the address actually dialled, after the name is
// resolved at delivery (so a name that later resolves elsewhere, DNS rebinding, gains nothing),
// and to an address written in the URL itself.
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { lookup as systemLookup, type LookupAddress } from 'node:dns';

// Two lists: Node matches an IPv4 address against IPv6 rules as its IPv4-mapped form, so one list
// holding ::ffff:0:0/96 would refuse every IPv4 address.
const notPublicV4 = new BlockList();
const notPublicV6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 included
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the cloud's metadata service
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  notPublicV4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['::ffff:0:0', 96], // IPv4-mapped: stands for an IPv4 address, dialled as such
  ['64:ff9b::', 96], // NAT64: the same
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed by some)
  ['ff00::', 8], // multicast
] as const) {
  notPublicV6.addSubnet(network, prefix, 'ipv6');
}

/** The address (IPv4 or IPv6, no brackets) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !notPublicV4.check(address, 'ipv4') : !notPublicV6.check(address, 'ipv6');
}

/**
 * Why a webhook URL can never be delivered in production, before any name is resolved: not
 * https, this machine by name (`localhost`, with or without its final dot, and its subdomains),
 * or an address written in the URL that is not public. Undefined when it may be tried. Both
 * registration and every delivery ask it.
 */
export function undeliverableUrl(url: URL): string | undefined {
  if (url.protocol !== 'https:') return 'a webhook is sent over https only';
  const name = url.hostname.replace(/\.$/, '').toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost')) return `${name} is not a public address`;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !isPublicAddress(host)) return `${host} is not a public address`;
  return undefined;
}

/** Resolves a name the way delivery does; the tests give their own (no traffic leaves the machine). */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) =>
    systemLookup(hostname, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

/**
 * A `lookup` for the connection: the name resolved by `resolve`, refused unless every address it
 * has is public (a name with one private address among public ones is not a webhook's).
 */
export function publicOnlyLookup(resolve: Resolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.find((a) => !isPublicAddress(a.address));
        if (addresses.length === 0 || refused) {
          const error = Object.assign(
            new Error(`${hostname} is not a public address (${refused?.address ?? 'none'})`),
            {
              code: 'ENOTPUBLIC',
            },
          );
          callback(error, '', 0);
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}
