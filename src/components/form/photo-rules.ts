import { photoTooBig, photoWrongType } from '../../contract/error-messages';
import { MAX_PHOTO_BYTES, PHOTO_TYPES } from '../../contract/photo-rules';

export { MAX_PHOTO_BYTES, PHOTO_TYPES };
export const PHOTO_WRONG_TYPE = photoWrongType;
export const PHOTO_TOO_BIG = photoTooBig;

/** Why this file cannot be sent, in the server's words, or null when it may be. */
export function photoProblem(file: File): string | null {
  if (!PHOTO_TYPES.includes(file.type)) return PHOTO_WRONG_TYPE;
  if (file.size > MAX_PHOTO_BYTES) return PHOTO_TOO_BIG;
  return null;
}
