import { describe, expect, it } from 'vitest';
import { evictionSentences } from './eviction-text';

const lost = { last_contact_at: '2026-11-20T17:05:00.000Z', oldest_pending_at: null, pending_count: 0, pending: [] as string[] };

describe('what the notice of a wiped store says', () => {
  it('with nothing known waiting: only from when changes may not have been sent', () => {
    expect(evictionSentences(lost)).toEqual({
      known: null,
      unknown:
        "Les modifications faites ici après le vendredi 20\u00a0novembre à 18\u00a0h\u00a005 n'ont peut-être pas été envoyées\u00a0: vérifiez-les et refaites-les si besoin.",
      more: null,
    });
  });

  it('with writes known: how many waited then, and how many the list leaves unnamed', () => {
    const one = evictionSentences({ ...lost, pending_count: 1, pending: ['Créneau pris'] });
    expect(one.known).toBe(
      "Le vendredi 20\u00a0novembre à 18\u00a0h\u00a005, une modification faite ici attendait encore d'être envoyée\u00a0; elle n'a peut-être jamais été reçue\u00a0:",
    );
    expect(one.more).toBeNull();
    const many = evictionSentences({ ...lost, pending_count: 23, pending: Array.from({ length: 20 }, () => 'Créneau pris') });
    expect(many.known).toMatch(/^Le vendredi 20\u00a0novembre à 18\u00a0h\u00a005, 23 modifications faites ici attendaient encore/);
    expect(many.more).toBe('et 3 autres');
    expect(many.unknown).toBe(
      "Celles faites après n'ont peut-être pas été envoyées non plus\u00a0: vérifiez-les et refaites-les si besoin.",
    );
  });
});
