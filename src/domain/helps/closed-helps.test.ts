import { describe, expect, it } from 'vitest';
import { aHelp } from '../../testing/factories';
import { closedHelps, doneLately } from './closed-helps';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const H = 3600_000;
const at = (id: string, hoursAgo: number, hours: number | null) =>
  aHelp({
    id,
    start_date: new Date(NOW - hoursAgo * H).toISOString(),
    end_date: hours === null ? null : new Date(NOW - hoursAgo * H + hours * H).toISOString(),
  });

describe('the helps closed and done lately', () => {
  it('keeps only the helps said done or thanked, each with what was said', () => {
    const map = closedHelps([
      { ...at('a', 30, 2), done_at: '2026-11-27T10:00:00Z', thanks_count: 0 },
      { ...at('b', 30, 2), done_at: null, thanks_count: 2 },
      { ...at('c', 30, 2), done_at: null, thanks_count: 0 },
    ]);
    expect([...map]).toEqual([
      ['a', { done: true, thanked: false }],
      ['b', { done: false, thanked: true }],
    ]);
  });

  it('lists the helps over within the days asked, newest end first, at most so many, none still running', () => {
    const helps = [
      at('old', 8 * 24, 2),
      at('week', 6 * 24, 2),
      at('yesterday', 24, 1),
      at('running', 1, 2),
      at('just', 3, null),
      at('soon', -2, 1),
    ];
    expect(doneLately(helps, NOW, 7, 10).map((h) => h.id)).toEqual(['just', 'yesterday', 'week']);
    expect(doneLately(helps, NOW, 7, 2).map((h) => h.id)).toEqual(['just', 'yesterday']);
  });
});
