// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db, type OutboxEntry } from '../../db/database';
import { enqueue } from '../../outbox/enqueue';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';
import { addHelp, type AddHelpPayload } from './mutations/add-help';
import { slotWriteKey, slotWritesOf, useSlotWrites } from './slot-writes';

await provideAppMutationKinds();

const VILLAGE = '0195a6a4-0000-7000-8000-000000000001';
const VILLAGER = '0195a6a4-0000-7000-8000-000000000002';
const NEED = '0195a6a4-0000-7000-8000-000000000003';
const helpId = (n: number) => `0195a6a4-0000-7000-8000-0000000002${String(n).padStart(2, '0')}`;
const START = '2030-12-04T18:00:00.000Z';

const payload = (n: number, slot: boolean | undefined = true): AddHelpPayload => ({
  village_id: VILLAGE,
  village_need_id: NEED,
  id: helpId(n),
  input: { helper_id: VILLAGER, start_date: START },
  need_name: 'Dîner',
  slot,
});
const entry = (n: number, status: OutboxEntry['status'], slot?: boolean, kind = 'add-help'): OutboxEntry => ({
  seq: n,
  id: `e${n}`,
  userId: 'me',
  kind,
  payload: payload(n, slot),
  villageId: VILLAGE,
  createdAt: '',
  status,
  attempts: 0,
  notBefore: 0,
});

describe('the slots taken on this device, from the queue', () => {
  it('a take waiting or refused marks its slot, named by need and instant whatever the ISO form', () => {
    const key = slotWriteKey(NEED, '2030-12-04T19:00:00+01:00');
    expect(key).toBe(slotWriteKey(NEED, START));
    expect(slotWritesOf([entry(1, 'pending')])).toEqual(new Map([[key, 'pending']]));
    expect(slotWritesOf([entry(1, 'failed')])).toEqual(new Map([[key, 'refused']]));
    // Refused, then taken again: the newer take tells.
    expect(slotWritesOf([entry(1, 'failed'), entry(2, 'pending')])).toEqual(new Map([[key, 'pending']]));
  });

  it('a help at a time of one’s choosing, another kind of write or a payload of another shape marks nothing', () => {
    expect(slotWritesOf([entry(1, 'pending', false)]).size).toBe(0);
    expect(slotWritesOf([entry(1, 'pending', true, 'update-help')]).size).toBe(0);
    expect(slotWritesOf([{ ...entry(1, 'pending'), payload: { id: 'x' } }]).size).toBe(0);
  });
});

describe('useSlotWrites', () => {
  beforeEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
    await db.session.put({ key: 'current', token: 'tok', userId: 'me' });
  });
  afterEach(cleanup);

  it('says a take was sent for a moment after it leaves the queue, and only this person’s takes', async () => {
    const key = slotWriteKey(NEED, START);
    const { result } = renderHook(() => useSlotWrites(VILLAGE, 200));
    const take = await act(() => enqueue(addHelp, payload(1)));
    await waitFor(() => expect(result.current.get(key)).toBe('pending'));
    await act(() => db.outbox.delete(take.seq!));
    await waitFor(() => expect(result.current.get(key)).toBe('sent'));
    await waitFor(() => expect(result.current.has(key)).toBe(false));

    await act(async () => {
      await db.outbox.add({ ...entry(5, 'pending'), seq: undefined, userId: 'someone-else' });
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current.size).toBe(0);
  });
});
