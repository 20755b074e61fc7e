import * as v from 'valibot';
import { formatSlotStart, frenchSpaces } from './french-time';
import { uuid } from './fields';

/**
 * `POST …/helps/{helpId}/replacement`: the helper who holds a future slot asks the circle for someone to
 * take it over; they keep holding it until someone does. `DELETE` on the same path (with `villager_id`)
 * takes the request back: they can come after all.
 */
export const ReplacementInput = v.strictObject({ helper_id: uuid });
export type ReplacementInput = v.InferOutput<typeof ReplacementInput>;

/**
 * `POST …/helps/{helpId}/take-over`: another member takes the slot over in one step. `id` is the new help's,
 * chosen by the device (an outbox write shows it at once); the old help goes in the same transaction.
 */
export const TakeOverInput = v.strictObject({ id: v.optional(uuid), helper_id: uuid });
export type TakeOverInput = v.InferOutput<typeof TakeOverInput>;

/** « Bruno cherche quelqu’un pour « Dîner », mercredi 3 décembre, 19 h »: the feed, the push, the mail and the slot say it alike. */
export const replacementSentence = (firstName: string, needName: string, start: string, zone?: string) =>
  frenchSpaces(`${firstName} cherche quelqu’un pour «\u00a0${needName}\u00a0», ${formatSlotStart(start, zone)}`);

/** The 409 a second taker gets: who was faster. */
export const alreadyTakenOver = (firstName: string) => `${firstName} a déjà pris le relais.`;

/** "de Bruno", "d’Inès": French elides "de" before a vowel. */
export const ofName = (name: string) => (/^[aeiouyàâäéèêëîïôöùûüœæ]/i.test(name) ? `d’${name}` : `de ${name}`);
