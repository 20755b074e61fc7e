import type { LostStore } from '../../contract/devices';
import { formatMoment } from '../../contract/french-time';

export const EVICTION_TITLE = 'Votre navigateur a effacé les données de Village sur cet appareil.';

/**
 * What can be said of a wiped store, plainly: the writes it had said were waiting, named, and that any made
 * after its last contact with the server may be lost too, though nobody can say which.
 */
export function evictionSentences(lost: LostStore): { known: string | null; unknown: string; more: string | null } {
  const when = formatMoment(lost.last_contact_at);
  const count = lost.pending_count;
  if (count === 0) {
    return {
      known: null,
      unknown: `Les modifications faites ici après le ${when} n'ont peut-être pas été envoyées\u00a0: vérifiez-les et refaites-les si besoin.`,
      more: null,
    };
  }
  const unnamed = count - lost.pending.length;
  return {
    known:
      count === 1
        ? `Le ${when}, une modification faite ici attendait encore d'être envoyée\u00a0; elle n'a peut-être jamais été reçue\u00a0:`
        : `Le ${when}, ${count} modifications faites ici attendaient encore d'être envoyées\u00a0; elles n'ont peut-être jamais été reçues\u00a0:`,
    unknown: `Celles faites après n'ont peut-être pas été envoyées non plus\u00a0: vérifiez-les et refaites-les si besoin.`,
    more: unnamed > 0 ? `et ${unnamed} autre${unnamed > 1 ? 's' : ''}` : null,
  };
}
