import {
  idTaken,
  lastManager,
  needNotFound,
  notActiveVillager,
  notAppointer,
  notManager,
  slotCancelled,
} from '../../contract/error-messages';
import type { OutboxEntry } from '../../db/database';
import { goneReason } from './gone-reason';

/** The server's 409 when one takes a slot one already holds (server/helps/routes.ts): sending again changes nothing. */
const ALREADY_YOURS = 'Vous vous occupez déjà de ce créneau.';
const SLOT_FULL = 'Ce créneau est complet';
/** The server's 409 to a second taker of a replacement (« Claire a déjà pris le relais. »): it stays true. */
const TAKEN_OVER = ' a déjà pris le relais.';
/** Kinds whose refusal leaves the person looking for another slot of the same need. */
const SLOT_KINDS = new Set(['add-help']);

/** Where the person may find another slot: the need's slots, or the village's planning when the need is gone. */
export type OtherSlots = { villageId: string; needId: string } | { villageId: string; needId: null };

export interface RefusalChoices {
  /** Why, as a sentence of its own ("Ce créneau est complet : Marie s'en occupe."). */
  reason: string;
  /** Whether "Réessayer" is offered: only when sending the same change again can go through. */
  retry: boolean;
  /** "Voir les autres créneaux" when the change took a slot that cannot be had. */
  otherSlots: OtherSlots | null;
  /** The button that forgets the change. */
  removeLabel: 'Retirer' | 'Abandonner';
}

type Failure = NonNullable<OutboxEntry['failure']>;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Whether a refused change can go through if sent again unchanged. The rule, by the server's answer:
 * - 404: what it acted on was deleted by someone else: never.
 * - 409: never when the slot is full or already one's own, the id is taken or the person left the village
 *   (those stay true); yes for the others (the last organiser may name a co-organiser, then leave).
 * - 403: yes only for "organisers only" refusals (notManager, notAppointer): an organiser may give the role
 *   back. Any other 403 (not a member, not one's own help, not oneself) stays true.
 * - 400, 413, 422: the content itself was refused, the same content is refused again: never.
 * - anything else (429 over a quota that frees in hours, an unknown 4xx): yes, the person may try later.
 */
export function canSucceedAgain(failure: Failure | undefined): boolean {
  if (!failure) return true;
  const { status, message } = failure;
  if (status === 404 || status === 400 || status === 413 || status === 422) return false;
  if (status === 409) {
    if (message === lastManager) return true;
    return !(
      message.startsWith(SLOT_FULL) ||
      message.endsWith(TAKEN_OVER) ||
      message === ALREADY_YOURS ||
      message === idTaken ||
      message === notActiveVillager
    );
  }
  if (status === 403) return message === notManager || message === notAppointer;
  return true;
}

/** The need a refused slot was on, when the change took one. */
function slotNeed(entry: OutboxEntry): string | null {
  if (!SLOT_KINDS.has(entry.kind)) return null;
  const needId = (entry.payload as { village_need_id?: unknown } | null)?.village_need_id;
  return typeof needId === 'string' ? needId : null;
}

/** What a refused change's list offers, and why it was refused, in plain French. */
export function refusalChoices(entry: OutboxEntry): RefusalChoices {
  const failure = entry.failure;
  const cancelled = failure?.details?.includes(slotCancelled) ?? false;
  const gone = goneReason(failure);
  const reason = cancelled ? 'Ce créneau a été annulé.' : gone ? capitalised(gone) : (failure?.message ?? '');
  const retry = canSucceedAgain(failure);
  const needId = slotNeed(entry);
  const slotLost = failure?.status === 409 && failure.message.startsWith(SLOT_FULL);
  let otherSlots: OtherSlots | null = null;
  if (needId && (slotLost || cancelled || failure?.status === 404)) {
    // A need deleted meanwhile has no page left: its village's planning shows what else is open.
    otherSlots = failure?.message === needNotFound ? { villageId: entry.villageId, needId: null } : { villageId: entry.villageId, needId };
  }
  return { reason, retry, otherSlots, removeLabel: retry ? 'Abandonner' : 'Retirer' };
}

/**
 * The sentence said when a change is refused, on whatever screen is open: what the change was and why.
 * A slot taken offline and full by the time it arrived says who holds it, when the server named them.
 */
export function refusalAnnouncement(entry: OutboxEntry, what: string): string {
  const { reason } = refusalChoices(entry);
  const message = entry.failure?.message ?? '';
  if (message.startsWith(SLOT_FULL) && what.startsWith('Créneau du ')) {
    // "Ce créneau est complet : Bruno et Marie s'en occupent." → "Le créneau du … est complet : Bruno et Marie…"
    return `Le ${what.charAt(0).toLowerCase()}${what.slice(1)} est complet${message.slice(SLOT_FULL.length)} Votre inscription n'a pas pu être enregistrée.`;
  }
  return `Modification non enregistrée\u00a0: ${what}. ${reason}`.trim();
}
