import { useEffect, useState } from 'react';
import type { JoinPreview } from '../../contract/join-preview';
import { fetchJoinPreview } from '../../domain/villages/join-preview';
import { JoinPreviewSpace } from './join-preview-space';

/**
 * Above the sign-in and sign-up forms when they were reached from a join link: which village the link leads
 * to, and for whom, so that a grandparent opening it knows they are in the right place before creating an
 * account. Says nothing when the link's code is unknown or the network is out: the form stays what it was.
 */
export function JoinPreviewCard({ code, invitation = null }: { code: string; invitation?: string | null }) {
  // undefined while asking: the card's space is kept, so that the form below does not move when it comes.
  const [preview, setPreview] = useState<JoinPreview | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void fetchJoinPreview(code, invitation).then((found) => {
      if (live) setPreview(found ?? null);
    });
    return () => {
      live = false;
    };
  }, [code, invitation]);
  if (preview === undefined) return <JoinPreviewSpace />;
  if (!preview) return null;
  const forWhom = preview.first_name ? `autour de ${preview.first_name}` : null;
  return (
    <section className="join-preview" aria-labelledby="join-preview-title">
      {preview.photo ? <img className="join-preview-photo" src={preview.photo.original_url} alt="" width={64} height={64} /> : null}
      <div>
        {/* Not a heading: it comes before the page's own title (h1), and is read first as the card's name. */}
        <p id="join-preview-title" className="join-preview-title">
          {preview.inviter_first_name ? `${preview.inviter_first_name} vous invite` : 'Vous êtes invité·e'} à rejoindre{' '}
          {preview.village_name ? `«\u00a0${preview.village_name}\u00a0»` : 'un village'}
        </p>
        <p>
          {forWhom ? `Un village d'entraide ${forWhom}. ` : ''}
          Donnez votre nom et votre e-mail, ou connectez-vous&nbsp;: vous arriverez ensuite dans le village.
        </p>
      </div>
    </section>
  );
}

export default JoinPreviewCard;
