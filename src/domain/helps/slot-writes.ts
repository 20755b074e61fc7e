import { useEffect, useMemo, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import * as v from 'valibot';
import { db, type OutboxEntry } from '../../db/database';
import { addHelp } from './mutations/add-help';

/** Where a slot taken on this device stands: waiting for the network, just sent, or refused by the server. */
export type SlotWrite = 'pending' | 'sent' | 'refused';

/** How long "envoyé" stays beside a slot once its take reached the server. */
export const SENT_SHOWN_MS = 4_000;

/** A slot named by its need and its start as an instant, whatever the ISO string's form. */
export const slotWriteKey = (needId: string, start: string) => `${needId} ${Date.parse(start)}`;

/**
 * The slots this person took on this device that are not on the server yet: from the outbox's takes
 * (`add-help` entries of a scheduled slot), waiting or refused. A refused take's help is gone from the
 * device (the pull after the refusal removed it), so the slot, not the help, carries the state.
 */
export function slotWritesOf(entries: readonly OutboxEntry[]): Map<string, Exclude<SlotWrite, 'sent'>> {
  const writes = new Map<string, Exclude<SlotWrite, 'sent'>>();
  for (const entry of entries) {
    if (entry.kind !== addHelp.name) continue;
    const parsed = v.safeParse(addHelp.payload, entry.payload);
    if (!parsed.success || !parsed.output.slot) continue;
    const key = slotWriteKey(parsed.output.village_need_id, parsed.output.input.start_date);
    // A refusal then a new take of the same slot: the newer entry (later in the queue) tells.
    writes.set(key, entry.status === 'failed' ? 'refused' : 'pending');
  }
  return writes;
}

/** The takes of one village by this person still in the outbox, oldest first. */
async function takesWaiting(villageId: string) {
  const userId = (await db.session.get('current'))?.userId;
  if (!userId) return new Map<string, Exclude<SlotWrite, 'sent'>>();
  const entries = await db.outbox
    .where('villageId')
    .equals(villageId)
    .filter((e) => e.userId === userId && e.kind === addHelp.name)
    .sortBy('seq');
  return slotWritesOf(entries);
}

/**
 * Each slot of the village this person took on this device, with where it stands, for the screens that show
 * slots: live, whoever drains the queue (this page or the service worker). "sent" is seen only by a screen
 * open when the take left the queue, for a few seconds.
 */
export function useSlotWrites(villageId: string, sentShownMs = SENT_SHOWN_MS): ReadonlyMap<string, SlotWrite> {
  const waiting = useLiveQuery(() => takesWaiting(villageId), [villageId]);
  const before = useRef<ReadonlyMap<string, SlotWrite> | null>(null);
  const [sent, setSent] = useState<ReadonlySet<string>>(() => new Set());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    if (!waiting) return;
    const previous = before.current;
    before.current = waiting;
    const justSent = previous ? [...previous].filter(([key, state]) => state === 'pending' && !waiting.has(key)).map(([key]) => key) : [];
    if (!justSent.length) return;
    setSent((keys) => new Set([...keys, ...justSent]));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setSent((keys) => new Set([...keys].filter((key) => !justSent.includes(key))));
    }, sentShownMs);
    timers.current.add(timer);
  }, [waiting, sentShownMs]);
  useEffect(() => {
    const pendingTimers = timers.current;
    return () => pendingTimers.forEach(clearTimeout);
  }, []);

  // One map while nothing changes: a screen's lookups built from it are not rebuilt at every render.
  return useMemo(() => {
    const writes = new Map<string, SlotWrite>(waiting ?? []);
    for (const key of sent) if (!writes.has(key)) writes.set(key, 'sent');
    return writes;
  }, [waiting, sent]);
}
