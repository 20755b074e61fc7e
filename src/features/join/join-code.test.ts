import { describe, expect, it } from 'vitest';
import { joinCodeOf } from './join-code';
import { joinLink } from '../../domain/villages/join-link';

describe('the code of a join link kept as the sign-in redirect', () => {
  it('is read from the spec’s link, quoted or not', () => {
    expect(joinCodeOf('/join/village?c=ABCD2345&rli=jv')).toBe('ABCD2345');
    const numeric = new URL(joinLink('23456E78', 'http://localhost'));
    expect(joinCodeOf(`${numeric.pathname}${numeric.search}`)).toBe('23456E78');
  });

  it('is null for any other page or a link without a code', () => {
    expect(joinCodeOf(undefined)).toBeNull();
    expect(joinCodeOf('/dashboard/villages')).toBeNull();
    expect(joinCodeOf('/join/village?rli=jv')).toBeNull();
  });
});
