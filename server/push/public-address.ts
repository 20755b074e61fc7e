import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The server posts pushes to addresses that devices name: only hosts on the public internet, so that
 * nobody can make it reach a service inside its own network (blind SSRF). Checked when a device registers
 * (refusedEndpoint) and again when each push is sent, on the address the name resolves to then, in the
 * connection's own lookup (publicOnlyLookup): a name may point elsewhere by the time a push goes.
 */

/**
 * An address on the public internet: ipaddr.js's 'unicast', i.e. none of its special ranges (loopback,
 * private, link-local, CGNAT, multicast, unspecified, broadcast, reserved, 6to4, Teredo, NAT64…).
 * An IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  // Only the canonical forms that URL parsing and DNS answers give: ipaddr.js would also read "127.1".
  if (isIP(address) === 0) return false;
  return ipaddr.process(address).range() === 'unicast';
}

// Names that only mean something inside a network (RFC 6761, RFC 8375, and the usual private suffixes).
const LOCAL_SUFFIXES = [
  'localhost',
  'local',
  'internal',
  'localdomain',
  'lan',
  'home',
  'corp',
  'intranet',
  'private',
  'arpa',
  'test',
  'invalid',
  'example',
  'onion',
];

/** A name no public push service has: one label only, or under a suffix that stays inside a network. */
function isLocalName(hostname: string): boolean {
  const labels = hostname.toLowerCase().replace(/\.$/, '').split('.');
  return labels.length < 2 || LOCAL_SUFFIXES.includes(labels[labels.length - 1]);
}

/**
 * Why the server must not post to this endpoint, or null when it may. The URL parser has already turned
 * every IPv4 spelling (decimal "2130706433", hex, "127.1") into dotted quads, so a literal address is
 * always recognised. `allowLocal` is the test-only setting (PUSH_ALLOW_HTTP): plain http and any host,
 * for a test's push service on loopback.
 */
export function refusedEndpoint(endpoint: string, allowLocal = false): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  return refusedUrl(url, allowLocal);
}

/** refusedEndpoint's checks on an address already parsed: the poster parses each push's endpoint once. */
export function refusedUrl(url: URL, allowLocal = false): string | null {
  if (url.protocol !== 'https:' && !(allowLocal && url.protocol === 'http:')) return 'not https';
  // A push service needs no credentials in its address; they would only hide where it points.
  if (url.username || url.password) return 'credentials in the address';
  if (allowLocal) return null;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) !== 0) return isPublicAddress(host) ? null : 'not a public address';
  return isLocalName(host) ? 'not a public host name' : null;
}

/** Every address a name has, as dns.lookup gives them; tests put their own in place. */
export type ResolveHost = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export const systemResolve: ResolveHost = (hostname) => dnsLookup(hostname, { all: true });

/** The push service's name or address is not on the public internet: the subscription is no use. */
export class NonPublicAddressError extends Error {
  readonly code = 'ENONPUBLIC';
  constructor(
    readonly host: string,
    readonly reason: string,
  ) {
    super(`${host}: ${reason}, refused`);
  }
}

/**
 * A `lookup` for net.connect that answers a name's addresses only when every one is public: a name
 * that also points inside the network is refused as a whole rather than trusting which address the
 * connection would try first. `allowLocal` (the test-only setting) skips the check.
 */
export function publicOnlyLookup(resolve: ResolveHost, allowLocal = false): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
    resolve(hostname)
      .then((found) => {
        const addresses = found.filter((a) => family === 0 || a.family === family);
        if (addresses.length === 0) throw Object.assign(new Error(`${hostname}: no address`), { code: 'ENOTFOUND' });
        const inside = addresses.find((a) => !isPublicAddress(a.address));
        if (inside && !allowLocal) throw new NonPublicAddressError(hostname, `resolves to ${inside.address}`);
        return addresses;
      })
      .then(
        (addresses) => (options.all ? callback(null, addresses) : callback(null, addresses[0].address, addresses[0].family)),
        (error: NodeJS.ErrnoException) => callback(error, ''),
      );
  };
}
