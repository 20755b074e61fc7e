import { describe, expect, it } from 'vitest';
import type { Action } from '../../contract';
import { feedLines } from './feed-lines';

const ALICE = 'alice';
const BRUNO = 'bruno';
let n = 0;
/** An action `minutesAgo` minutes before a fixed instant (the feed is newest first). */
const action = (type: Action['type'], villagerId: string | null, minutesAgo: number, data: Record<string, unknown> = {}): Action => ({
  id: `a${++n}`,
  village_id: 'v',
  villager_id: villagerId,
  type,
  created_at: new Date(Date.parse('2024-11-14T13:00:00.000Z') - minutesAgo * 60_000).toISOString(),
  data,
});
const shape = (actions: Action[]) => feedLines(actions).map((l) => [l.action.id, l.count]);

describe('the feed as lines', () => {
  it('reads the same action of one person on one thing, minutes apart, as one line dated by the newest', () => {
    const updates = [action('village_updated', ALICE, 0), action('village_updated', ALICE, 3), action('village_updated', ALICE, 8)];
    expect(shape(updates)).toEqual([[updates[0].id, 3]]);
    const need = [
      action('need_updated', ALICE, 1, { need_id: 'n1', name: 'Repas' }),
      action('need_updated', ALICE, 2, { need_id: 'n1', name: 'Repas' }),
    ];
    expect(shape(need)).toEqual([[need[0].id, 2]]);
  });

  it('keeps apart other people, other things, other kinds, and repeats farther apart than a few minutes', () => {
    const feed = [
      action('village_updated', ALICE, 0),
      action('village_updated', BRUNO, 1),
      action('need_updated', ALICE, 2, { need_id: 'n1' }),
      action('need_updated', ALICE, 3, { need_id: 'n2' }),
      action('village_photo_updated', ALICE, 4),
      action('village_updated', ALICE, 5),
      action('village_updated', ALICE, 30),
    ];
    expect(shape(feed)).toEqual(feed.map((a) => [a.id, 1]));
  });

  it('chains repeats each close to the previous one, and never merges what tells something new', () => {
    const chain = [action('village_updated', ALICE, 0), action('village_updated', ALICE, 9), action('village_updated', ALICE, 18)];
    expect(shape(chain)).toEqual([[chain[0].id, 3]]);
    const joins = [
      action('need_added', ALICE, 0, { need_id: 'n1' }),
      action('need_added', ALICE, 1, { need_id: 'n1' }),
      action('villager_joined', null, 2),
      action('villager_joined', null, 2),
    ];
    expect(shape(joins)).toEqual(joins.map((a) => [a.id, 1]));
  });

  it('answers no line for an empty feed', () => {
    expect(feedLines([])).toEqual([]);
  });
});
