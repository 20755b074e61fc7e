import { track } from '../analytics/analytics';
import { toast } from '../state/toasts';
import { joinLink } from '../domain/villages/join-link';
import './share-village.css';

export const LINK_COPIED_TEXT = 'Lien copié';
export const CODE_PENDING_TEXT = 'Le code sera disponible dès que le village sera enregistré (connexion nécessaire).';
const COPY_FAILED_TEXT = 'Impossible de copier le lien. Sélectionnez-le et copiez-le à la main.';

async function copyLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    track('copy_code');
    toast.success(LINK_COPIED_TEXT);
  } catch {
    toast.error(COPY_FAILED_TEXT);
  }
}

async function shareLink(url: string, code: string): Promise<void> {
  if (typeof navigator.share !== 'function') return copyLink(url);
  const data = {
    title: 'Rejoignez mon village',
    text: `Rejoignez mon village pour m'aider. Code du village\u00a0: ${code}`,
    url,
  };
  if (typeof navigator.canShare === 'function' && !navigator.canShare(data)) return copyLink(url);
  try {
    await navigator.share(data);
    track('share_code');
  } catch (error) {
    // The person closed the share sheet: nothing to say. Anything else: the link can still be copied.
    if (error instanceof DOMException && error.name === 'AbortError') return;
    await copyLink(url);
  }
}

/** The village's code and join link, to copy or to hand to the system share sheet. */
export function ShareVillage({ villageId, shareCode }: { villageId: string; shareCode: string }) {
  const titleId = `share-village-${villageId}`;
  if (!shareCode) {
    return (
      <section className="share-village" aria-labelledby={titleId}>
        <h2 id={titleId}>Inviter des proches</h2>
        <p className="notice">{CODE_PENDING_TEXT}</p>
      </section>
    );
  }
  const url = joinLink(shareCode);
  return (
    <section className="share-village" aria-labelledby={titleId}>
      <h2 id={titleId}>Inviter des proches</h2>
      <p>
        Code du village&nbsp;: <strong className="share-code">{shareCode}</strong>
      </p>
      <p className="share-link">
        <span className="visually-hidden">Lien pour rejoindre le village&nbsp;: </span>
        <code>{url}</code>
      </p>
      <div className="share-actions">
        <button type="button" className="secondary" onClick={() => void copyLink(url)}>
          Copier le lien
        </button>
        <button type="button" onClick={() => void shareLink(url, shareCode)}>
          Partager
        </button>
      </div>
    </section>
  );
}
