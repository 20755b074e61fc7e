import { defaultParseSearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { joinLink } from './join-link';

const codeBack = (link: string) => (defaultParseSearch(new URL(link).search) as { c?: unknown }).c;

describe('the join link', () => {
  it('has the shape of the spec', () => {
    expect(joinLink('ABCD2345', 'https://village.example')).toBe('https://village.example/join/village?c=ABCD2345&rli=jv');
  });

  it('brings back the very code through the router, even one that reads as a number', () => {
    for (const code of ['ABCD2345', '23456789', '23456E78', '2E345678'])
      expect(codeBack(joinLink(code, 'https://village.example'))).toBe(code);
  });
});
