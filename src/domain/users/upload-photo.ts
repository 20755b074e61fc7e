import { call } from '../../api/client';
import { uploadUserPhoto } from '../../contract/endpoints/users';
import { storeCurrentUser } from '../../session/current-user';

/** Sends the photo as multipart (field `photo`), then the user with the new photo is kept locally. */
export async function uploadPhoto(userId: string, file: File) {
  const form = new FormData();
  form.append('photo', file);
  const result = await call(uploadUserPhoto, { params: { id: userId }, body: form });
  if (result.ok) await storeCurrentUser(result.data);
  return result;
}
