import type { Village } from '../../contract';
import { PhotoUploadForm } from '../../components/form/photo-upload-form';
import { uploadVillagePhoto } from '../../domain/villages/upload-village-photo';
import '../../components/village-photo.css';

/** The village's photo (src/components/form/photo-upload-form.tsx). */
export function VillagePhotoForm({ village, updaterId }: { village: Village; updaterId: string }) {
  return (
    <PhotoUploadForm
      title="Photo du village"
      hasPhoto={!!village.photo}
      renderImage={(preview) => {
        const shown = preview ?? village.photo?.original_url;
        return shown ? (
          <img className="village-photo" src={shown} alt="" width={96} height={96} />
        ) : (
          <span className="village-photo village-photo-none" aria-hidden="true" />
        );
      }}
      upload={(file) => uploadVillagePhoto(village.id, updaterId, file)}
    />
  );
}
