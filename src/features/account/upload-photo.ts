import { call } from '../../api/client';
import { User } from '../../contract';
import { storeCurrentUser } from '../../session/current-user';

/** The server's own limits (server/photos/process-photo.ts), checked here first to spare a useless upload. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const PHOTO_WRONG_TYPE = 'La photo doit être une image JPEG, PNG ou WebP';
export const PHOTO_TOO_BIG = 'La photo ne doit pas dépasser 10 Mo';

export function photoProblem(file: File): string | null {
  if (!PHOTO_TYPES.includes(file.type)) return PHOTO_WRONG_TYPE;
  if (file.size > MAX_PHOTO_BYTES) return PHOTO_TOO_BIG;
  return null;
}

/** POST /v1/users/{id}/photo as multipart (field `photo`), then the user with the new photo is kept locally. */
export async function uploadPhoto(userId: string, file: File) {
  const form = new FormData();
  form.append('photo', file);
  const result = await call('POST', `/v1/users/${userId}/photo`, { body: form, schema: User, showErrorPage: false });
  if (result.ok) await storeCurrentUser(result.data);
  return result;
}
