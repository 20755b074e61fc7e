import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { isPublicAddress, NonPublicAddressError, publicOnlyLookup, refusedEndpoint, type ResolveHost } from './public-address';
import { INTERNAL_PUSH_ENDPOINTS } from '../test/internal-push-endpoints';

describe('isPublicAddress', () => {
  it('takes global unicast only, IPv4-mapped IPv6 judged as its IPv4', () => {
    for (const address of ['8.8.8.8', '142.250.74.106', '2001:4860:4860::8888', '2a00:1450:4007:80e::200a', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    const inside = [
      ...['127.0.0.1', '127.8.9.10', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '0.1.2.3'],
      ...['224.0.0.1', '255.255.255.255', '192.0.2.1', '198.18.0.1', '240.0.0.1'],
      ...[
        '::1',
        '::',
        'fe80::1',
        'fd00::1',
        'fc00::1',
        'ff02::1',
        '::ffff:127.0.0.1',
        '::ffff:10.0.0.1',
        '2002:7f00:1::',
        '2001::1',
        '64:ff9b::7f00:1',
        '2001:db8::1',
      ],
    ];
    for (const address of inside) expect(isPublicAddress(address), address).toBe(false);
    // Only the forms URL parsing and DNS give: no shortened or numeric IPv4 reaches this, and none is trusted.
    for (const odd of ['127.1', '2130706433', '0x7f000001', 'fcm.googleapis.com', '']) expect(isPublicAddress(odd), odd).toBe(false);
  });
});

describe('refusedEndpoint', () => {
  it('refuses every internal spelling, userinfo, plain http and local names; takes public push services', () => {
    const refused = [...INTERNAL_PUSH_ENDPOINTS, 'http://fcm.googleapis.com/fcm/send/a', 'pas une adresse'];
    for (const endpoint of refused) expect(refusedEndpoint(endpoint), endpoint).not.toBeNull();
    const taken = [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
      'https://8.8.8.8/push/a',
      'https://[2001:4860:4860::8888]/push/a',
    ];
    for (const endpoint of taken) expect(refusedEndpoint(endpoint), endpoint).toBeNull();
  });

  it('takes a loopback push service on plain http only with the test-only setting, never with credentials', () => {
    expect(refusedEndpoint('http://127.0.0.1:4100/push/a', true)).toBeNull();
    expect(refusedEndpoint('https://[::1]:4100/push/a', true)).toBeNull();
    expect(refusedEndpoint('http://127.0.0.1:4100/push/a', false)).not.toBeNull();
    expect(refusedEndpoint('http://user:pass@127.0.0.1:4100/push/a', true)).not.toBeNull();
    expect(refusedEndpoint('ftp://127.0.0.1/push/a', true)).not.toBeNull();
  });
});

describe('publicOnlyLookup', () => {
  const lookupWith = (
    found: Array<{ address: string; family: number }>,
    options: { all?: boolean; family?: number } = {},
    allowLocal = false,
  ) => {
    const resolve: ResolveHost = async () => found;
    return new Promise<{ error: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number }>((done) =>
      publicOnlyLookup(resolve, allowLocal)('push.exemple.fr', options, (error, address, family) => done({ error, address, family })),
    );
  };

  it('answers a name whose addresses are all public, in the form net.connect asked for', async () => {
    const found = [
      { address: '142.250.74.106', family: 4 },
      { address: '2a00:1450:4007:80e::200a', family: 6 },
    ];
    expect(await lookupWith(found, { all: true })).toEqual({ error: null, address: found, family: undefined });
    expect(await lookupWith(found)).toEqual({ error: null, address: '142.250.74.106', family: 4 });
    expect(await lookupWith(found, { family: 6 })).toEqual({ error: null, address: '2a00:1450:4007:80e::200a', family: 6 });
  });

  it('refuses a name when any of its addresses is inside, unless the test-only setting allows it', async () => {
    for (const inside of ['127.0.0.1', '10.1.2.3', '::1', '::ffff:169.254.169.254']) {
      const found = [
        { address: '142.250.74.106', family: 4 },
        { address: inside, family: inside.includes(':') ? 6 : 4 },
      ];
      const { error } = await lookupWith(found, { all: true });
      expect(error, inside).toBeInstanceOf(NonPublicAddressError);
      expect(error?.message).toContain(inside);
      expect((await lookupWith(found, { all: true }, true)).error).toBeNull();
    }
    expect((await lookupWith([])).error?.code).toBe('ENOTFOUND');
  });
});
