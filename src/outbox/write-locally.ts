import { enqueue } from './enqueue';
import type { MutationKind } from './mutation-kind';
import { requestReplay } from './page-replayer';
import { QuotaExceeded } from './quota';
import { VillageClosed } from './village-closed';

/** A write kept on this device, or why it could not be (the storage is full, the village closed): the screen says so. */
export type LocalWrite = { ok: true } | { ok: false; message: string };

/**
 * How a screen writes: the effect shows at once through the live queries, and the request waits in the
 * outbox. Sending is asked for but not awaited, so the screen never waits on the network.
 */
export async function writeLocally<P>(kind: MutationKind<P>, payload: NoInfer<P>): Promise<LocalWrite> {
  try {
    await enqueue(kind, payload);
  } catch (error) {
    if (error instanceof QuotaExceeded || error instanceof VillageClosed) return { ok: false, message: error.message };
    throw error;
  }
  void requestReplay().catch((error: unknown) => console.error('The outbox could not be sent now', error));
  return { ok: true };
}
