import { formatMoment } from '../../contract/french-time';
import './village-closed-banner.css';

interface VillageClosedBannerProps {
  closedAt: string;
  message: string | null;
  timeZone: string;
}

/** Over every screen of a closed village: since when, and the organiser's last word; the village reads as a keepsake. */
export function VillageClosedBanner({ closedAt, message, timeZone }: VillageClosedBannerProps) {
  return (
    <section className="village-closed-banner" role="status" aria-label="Village clôturé">
      <p>
        <strong>Ce village est clôturé depuis le {formatMoment(closedAt, timeZone, undefined, true)}.</strong> Il reste consultable en
        souvenir&nbsp;; plus rien ne peut y être ajouté ni modifié.
      </p>
      {message ? <blockquote className="village-closed-word">{message}</blockquote> : null}
    </section>
  );
}
