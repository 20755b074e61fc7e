import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { storageHealth, storageTroubleOf, type StorageTrouble } from '../../db/storage-health';
import { importChunk } from '../../pwa/lazy-chunk';

type Notice = ComponentType<{ trouble: StorageTrouble }>;
let loaded: Notice | null = null;

/**
 * The local store's trouble said at the root of every page (src/db/storage-health.ts): a store that cannot be
 * opened, is blocked or was full at the first load takes the page's place, since no screen can show anything
 * without it; one the browser closed while in use leaves the page and says so above it. The page stays
 * mounted (hidden) under the notice, so that a blocked opening goes on once the other tab lets go.
 */
export function StorageTroubleGate({ children }: { children: ReactNode }) {
  const trouble = storageHealth.use();
  if (!trouble) return children;
  return (
    <>
      <LazyNotice trouble={trouble} />
      {trouble === 'closed' ? children : <div hidden>{children}</div>}
    </>
  );
}

/** The root's error screen for an error of the store (a start that could not read it), else null. */
export function storageTroubleScreenFor(error: unknown) {
  const trouble = storageTroubleOf(error);
  return trouble ? <LazyNotice trouble={trouble} /> : null;
}

/** The notice's words and layout, imported when there is trouble (the sign-in screens' size budget). */
function LazyNotice({ trouble }: { trouble: StorageTrouble }) {
  const [Notice, setNotice] = useState<Notice | null>(() => loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (Notice) return;
    let mounted = true;
    importChunk(() => import('./storage-trouble-screen')).then(
      (module) => {
        loaded = module.StorageTroubleNotice;
        if (mounted) setNotice(() => module.StorageTroubleNotice);
      },
      () => mounted && setFailed(true),
    );
    return () => {
      mounted = false;
    };
  }, [Notice]);
  if (Notice) return <Notice trouble={trouble} />;
  // Its code could not be loaded either: the shortest true sentence.
  return failed ? (
    <p role="alert" className="page">
      Le stockage de cet appareil ne fonctionne pas&nbsp;: rechargez la page.
    </p>
  ) : null;
}
