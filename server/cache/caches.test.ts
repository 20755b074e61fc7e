import { describe, expect, it } from 'vitest';
import { createCaches } from './caches';
import type { Membership } from '../membership';

const at = (revision: number) => ({ village: { id: 'v', revision }, villager: { id: 'm' } }) as unknown as Membership;

describe('cached memberships', () => {
  it('keeps a membership read while nothing was written in its village', () => {
    const caches = createCaches(() => 0);
    const ticket = caches.membershipTicket('v');
    caches.rememberMembership('v', 'u', at(1), ticket);
    expect(caches.membership('v', 'u')).toEqual(at(1));
  });

  it('does not keep one read before a write that landed while it was on its way', () => {
    const caches = createCaches(() => 0);
    // Cached or not, the village is written between the read's start and its answer.
    for (const cachedBefore of [false, true]) {
      if (cachedBefore) caches.rememberMembership('v', 'u', at(1), caches.membershipTicket('v'));
      const ticket = caches.membershipTicket('v');
      caches.forgetVillage('v');
      caches.rememberMembership('v', 'u', at(1), ticket);
      expect(caches.membership('v', 'u')).toBeUndefined();
      // The next read, started after the write, is kept.
      caches.rememberMembership('v', 'u', at(2), caches.membershipTicket('v'));
      expect(caches.membership('v', 'u')).toEqual(at(2));
      caches.forgetVillage('v');
    }
  });

  it('does not keep one read before the caches were switched off and on again', () => {
    const caches = createCaches(() => 0);
    const ticket = caches.membershipTicket('v');
    caches.trust(false);
    caches.trust(true);
    caches.rememberMembership('v', 'u', at(1), ticket);
    expect(caches.membership('v', 'u')).toBeUndefined();
  });
});
