import type { FileStore } from '../files/store';

/**
 * Stores a processed photo, then runs the write that points to it (`commit` calls `replaced` with the
 * key it supersedes). Afterwards whichever file is no longer pointed to is removed: the old one when
 * the write went through; the new one when it failed, or when it was a replay of an earlier upload
 * (same Idempotency-Key: `replaced` was never called and the first upload's photo stays).
 */
export async function replacePhoto(
  files: FileStore,
  photo: { key: string; data: Buffer },
  commit: (replaced: (previousKey: string | null) => void) => Promise<Response>,
): Promise<Response> {
  await files.put(photo.key, photo.data);
  let outcome: { previousKey: string | null } | null = null;
  let response: Response;
  try {
    response = await commit((previousKey) => (outcome = { previousKey }));
  } catch (error) {
    await files.remove(photo.key);
    throw error;
  }
  // A replay ran the write again before the stored key rolled it back: its `replaced` call counts for nothing.
  const done = response.headers.get('Idempotent-Replayed') ? null : (outcome as { previousKey: string | null } | null);
  if (!done) await files.remove(photo.key);
  else if (done.previousKey) await files.remove(done.previousKey);
  return response;
}
