import { describe, expect, it } from 'vitest';
import type { Slot } from '../../contract/slots';
import { slotKey, urgentDescription, urgentSlotKeys } from './urgent-slots';

const NOW = new Date('2026-11-24T09:00:00.000Z');
const slot = (start: string, open: number, places = 2): Slot => ({
  village_need_id: 'need',
  start_date: start,
  end_date: start,
  places,
  taken: Array.from({ length: places - open }, (_, i) => `help-${i}`),
  open,
});

describe('urgent slots', () => {
  it('are the open slots starting within the horizon, not those taken, past or beyond it', async () => {
    const inside = slot('2026-11-25T18:00:00.000Z', 1);
    const partly = slot('2026-11-27T08:00:00.000Z', 1, 3);
    const full = slot('2026-11-25T19:00:00.000Z', 0);
    const past = slot('2026-11-24T08:00:00.000Z', 2);
    const beyond = slot('2026-11-27T09:00:01.000Z', 2);
    const urgent = urgentSlotKeys([inside, partly, full, past, beyond], NOW, 3);
    expect([...urgent]).toEqual([slotKey(inside), slotKey(partly)]);
  });

  it('follow the village’s horizon, 3 days when it has none', async () => {
    const inSixDays = slot('2026-11-30T09:00:00.000Z', 1);
    expect(urgentSlotKeys([inSixDays], NOW, undefined).size).toBe(0);
    expect(urgentSlotKeys([inSixDays], NOW, 7).has(slotKey(inSixDays))).toBe(true);
    expect(urgentSlotKeys([inSixDays], NOW.getTime(), 6).has(slotKey(inSixDays))).toBe(true);
  });

  it('are said in words', async () => {
    expect(urgentDescription(1)).toBe('encore sans personne d’ici demain');
    expect(urgentDescription(3)).toBe('encore sans personne dans les 3 jours qui viennent');
  });
});
