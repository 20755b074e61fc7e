import type { User } from '../../contract';
import { PhotoUploadForm } from '../../components/form/photo-upload-form';
import { UserAvatar } from '../../components/user-avatar';
import { uploadPhoto } from '../../domain/users/upload-photo';

/** The user's own photo (src/components/form/photo-upload-form.tsx). */
export function PhotoForm({ user }: { user: User }) {
  return (
    <PhotoUploadForm
      title="Ma photo"
      hasPhoto={!!user.photo}
      renderImage={(preview) => <UserAvatar user={user} size={96} src={preview ?? undefined} />}
      upload={(file) => uploadPhoto(user.id, file)}
    />
  );
}
