import * as v from 'valibot';

import { PUSH_RECORD_KEY } from '../../session/push-record-key';

export { PUSH_RECORD_KEY };

const PushDeviceRecord = v.object({ userId: v.string(), subscriptionId: v.string(), endpoint: v.string() });
export type PushDeviceRecord = v.InferOutput<typeof PushDeviceRecord>;

const storage = () => (typeof localStorage === 'undefined' ? null : localStorage);

/**
 * The browser only knows that a subscription exists, not which user the server filed it under nor its
 * id there: both are needed to turn it off, so they are kept beside the token, in localStorage.
 */
export function readPushRecord(): PushDeviceRecord | null {
  const raw = storage()?.getItem(PUSH_RECORD_KEY);
  if (!raw) return null;
  try {
    const parsed = v.safeParse(PushDeviceRecord, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export function writePushRecord(record: PushDeviceRecord) {
  storage()?.setItem(PUSH_RECORD_KEY, JSON.stringify(record));
}

export function forgetPushRecord() {
  storage()?.removeItem(PUSH_RECORD_KEY);
}
