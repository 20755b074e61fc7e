import { createStore } from '../state/external-store';

/** "Plus tard" puts the guidance off this long, unless another village opens first. */
export const HOME_SCREEN_ASK_AGAIN_AFTER_MS = 14 * 24 * 3600 * 1000;

export interface HomeScreenRecord {
  /** When "Plus tard" was last chosen (ms since the epoch), or null. */
  dismissedAt: number | null;
  /** The villages opened on this device: a new one among them is a new reason to offer. */
  villages: string[];
}

interface OfferInput {
  /** The guidance this browser needs (home-screen-device.ts); null where it needs none. */
  guide: string | null;
  /** The person has joined or created a village here (install-prompt.ts, `installEarned`). */
  earned: boolean;
  signedIn: boolean;
  pathname: string;
  dismissedAt: number | null;
  now: number;
}

/**
 * Whether to show the home-screen sheet. Only inside the signed-in app (/dashboard): never on the sign-in
 * screens, the join page, the creation tunnel or the bootstrap page, where it would come before the app has
 * been of any use.
 */
export function shouldOfferHomeScreen({ guide, earned, signedIn, pathname, dismissedAt, now }: OfferInput): boolean {
  if (!guide || !earned || !signedIn) return false;
  if (!/^\/dashboard(\/|$)/.test(pathname)) return false;
  return dismissedAt === null || now - dismissedAt >= HOME_SCREEN_ASK_AGAIN_AFTER_MS;
}

/** A village opened: one not seen on this device before brings the offer back even if it was put off. */
export function withVillageOpened(record: HomeScreenRecord, villageId: string): HomeScreenRecord {
  if (record.villages.includes(villageId)) return record;
  // The last few are enough to tell a new village from one already seen.
  const villages = [...record.villages, villageId].slice(-20);
  return { villages, dismissedAt: record.villages.length === 0 ? record.dismissedAt : null };
}

const KEY = 'village-home-screen';
const EMPTY: HomeScreenRecord = { dismissedAt: null, villages: [] };

function read(): HomeScreenRecord {
  if (typeof localStorage === 'undefined') return EMPTY;
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<HomeScreenRecord> | null;
    return {
      dismissedAt: typeof parsed?.dismissedAt === 'number' ? parsed.dismissedAt : null,
      villages: Array.isArray(parsed?.villages) ? parsed.villages.filter((v) => typeof v === 'string') : [],
    };
  } catch {
    return EMPTY;
  }
}

/** This device's record, kept across reloads and sign-outs (it says nothing about the person). */
export const homeScreenRecord = createStore<HomeScreenRecord>(read());

function write(record: HomeScreenRecord) {
  if (record === homeScreenRecord.get()) return;
  localStorage.setItem(KEY, JSON.stringify(record));
  homeScreenRecord.set(record);
}

export function noteVillageOpened(villageId: string) {
  write(withVillageOpened(homeScreenRecord.get(), villageId));
}

/** "Plus tard", Escape or the sheet closed: asked again in 14 days or at the next new village. */
export function dismissHomeScreen(now = Date.now()) {
  write({ ...homeScreenRecord.get(), dismissedAt: now });
}
