import { useEffect, useRef, useState } from 'react';
import { dismissInstall, installEarned, installOffer, promptInstall } from './install-prompt';
import { onlineStatus } from './online-status';
import { applyUpdate, registerWorker, updateWaiting } from './worker-updates';

/**
 * The installable app's messages, at the bottom of every screen: offline, new version, install.
 * The live regions are always in the page (empty when there is nothing to say) because screen readers
 * only announce changes inside a region they already know.
 */
export function PwaBanners() {
  useEffect(registerWorker, []);
  const online = onlineStatus.use();
  const waiting = updateWaiting.use();
  // The offer waits until the person has joined or created a village (install-prompt.ts).
  const browserOffer = installOffer.use();
  const earned = installEarned.use();
  const offer = browserOffer && earned;
  const [updating, setUpdating] = useState(false);
  const aside = useRef<HTMLElement>(null);

  // The banners sit over the bottom of the page: the page makes room for them, so nothing is hidden.
  useEffect(() => {
    const element = aside.current;
    if (!element) return;
    const observer = new ResizeObserver(() =>
      document.documentElement.style.setProperty('--pwa-banners-height', `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <aside ref={aside} className="pwa-banners" aria-label="État de l'application">
      <div role="status" aria-live="polite">
        {!online && <p className="pwa-banner pwa-banner-offline">Vous êtes hors ligne. Vos saisies sont gardées sur cet appareil.</p>}
      </div>
      <div role="status" aria-live="polite">
        {waiting && (
          <div className="pwa-banner pwa-banner-update">
            <p>Une nouvelle version de Village est disponible.</p>
            <button
              type="button"
              disabled={updating}
              onClick={() => {
                setUpdating(true);
                applyUpdate();
              }}
            >
              Mettre à jour
            </button>
          </div>
        )}
      </div>
      {offer && (
        <div className="pwa-banner pwa-banner-install">
          <button type="button" className="secondary" onClick={() => void promptInstall()}>
            Installer l'application
          </button>
          <button type="button" className="link" onClick={dismissInstall}>
            Plus tard
          </button>
        </div>
      )}
    </aside>
  );
}
