import { useSyncExternalStore } from 'react';
import { storageFull } from '../../outbox/quota';

/** A full disk is said plainly: what was typed could not be kept on this device. */
export function StorageFullAlert() {
  const full = useSyncExternalStore(storageFull.subscribe, storageFull.get, storageFull.get);
  if (!full) return null;
  return (
    <p className="quota-alert" role="alert">
      L'espace de stockage de cet appareil est plein&nbsp;: les dernières modifications n'ont pas pu être enregistrées. Libérez de la place
      (photos, applications) puis réessayez.
    </p>
  );
}
