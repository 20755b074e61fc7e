import { db } from '../../db/database';
import { getToken } from '../../session/token';
import { appState } from '../../state/app-state';
import { toast } from '../../state/toasts';
import type { Village } from '../../contract';
import type { JoinOutcome } from './join-village';

/**
 * A join asked for while offline: the code is kept on this device and sent as soon as the network is back
 * (the `online` event, and each time the app has started), so a join link opened in a train still works.
 * The heavy part (the call, the village's pull) is imported only when a code is waiting, to keep it out of
 * the first screen.
 */
export const PENDING_JOIN_KEY = 'ga-pending-join';

export interface PendingJoin {
  code: string;
  /** Whose join it is: another account signed in on this device does not join in their place. */
  userId: string | null;
  /** The invitation whose link was followed, accepted by the join. */
  invitationToken?: string | null;
}

export interface PendingJoinSettled {
  code: string;
  outcome: JoinOutcome;
  village?: Village;
}

const storage = () => (typeof localStorage === 'undefined' ? null : localStorage);

export function keepPendingJoin(join: PendingJoin) {
  storage()?.setItem(PENDING_JOIN_KEY, JSON.stringify(join));
}

export function readPendingJoin(): PendingJoin | null {
  const raw = storage()?.getItem(PENDING_JOIN_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<PendingJoin>;
    if (typeof parsed.code === 'string' && parsed.code) {
      const invitation = typeof parsed.invitationToken === 'string' ? { invitationToken: parsed.invitationToken } : {};
      return { code: parsed.code, userId: typeof parsed.userId === 'string' ? parsed.userId : null, ...invitation };
    }
  } catch {
    // not ours: dropped below
  }
  clearPendingJoin();
  return null;
}

export function clearPendingJoin() {
  storage()?.removeItem(PENDING_JOIN_KEY);
}

type Listener = (settled: PendingJoinSettled) => void;
const listeners = new Set<Listener>();

/** The join page waiting for the network hears here how the kept join ended. */
export function onPendingJoinSettled(listener: Listener) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

let running: Promise<PendingJoinSettled | null> | null = null;

/**
 * Sends the kept join, if any. Idempotent: while one attempt runs, callers share it; a success or a
 * definitive refusal clears the key (and says so in a toast), a lost connection or a server fault keeps it.
 */
export function resumePendingJoin(): Promise<PendingJoinSettled | null> {
  running ??= attempt().finally(() => {
    running = null;
  });
  return running;
}

async function attempt(): Promise<PendingJoinSettled | null> {
  const pending = readPendingJoin();
  // Signed out, or the app still loading its data (a join now would race the bootstrap's village list):
  // the next start or sign-in comes back here.
  if (!pending || !getToken() || !appState.get().initialised) return null;
  const session = await db.session.get('current');
  if (pending.userId && session?.userId && pending.userId !== session.userId) {
    clearPendingJoin();
    return null;
  }
  const [{ joinVillage }, { storeJoinedVillage, welcomeText }] = await Promise.all([import('./join-village'), import('./after-join')]);
  const outcome = await joinVillage(pending.code, pending.invitationToken);
  const settled: PendingJoinSettled = { code: pending.code, outcome };
  if (outcome.kind === 'joined') {
    clearPendingJoin();
    settled.village = await storeJoinedVillage(outcome.villageId);
    toast.success(welcomeText(settled.village));
  } else if (outcome.kind === 'refused') {
    clearPendingJoin();
    toast.error(`Le village n'a pas pu être rejoint (code ${pending.code})\u00a0: ${outcome.message}`);
  } else {
    return null;
  }
  for (const listener of listeners) listener(settled);
  return settled;
}

let started = false;

/** At start (main.tsx) and from the join page: resumes now if the app is ready, then on each return of the network. */
export function startPendingJoin() {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', () => void resumePendingJoin());
  let wasInitialised = appState.get().initialised;
  if (wasInitialised) void resumePendingJoin();
  appState.subscribe(() => {
    const initialised = appState.get().initialised;
    if (initialised && !wasInitialised) void resumePendingJoin();
    wasInitialised = initialised;
  });
}
