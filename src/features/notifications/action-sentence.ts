import type { Action } from '../../contract';
import { formatHelpSlot } from '../../contract/french-time';
import { replacementSentence } from '../../contract/replacement';

/** First names of the village's villagers by villager id: the feed names who did what. */
export type VillagerNames = Readonly<Record<string, string | undefined>>;

/** Someone the device cannot name (their account is gone, or the villagers are not loaded yet). */
const SOMEONE = 'Un membre du village';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** "de Paul", "d'Anne": French elides "de" before a vowel. */
const ofName = (name: string) => (/^[aeiouyàâäéèêëîïôöùûüœæ]/i.test(name) ? `d'${name}` : `de ${name}`);

/** ": 3 créneaux sont à nouveau à pourvoir" when a departure freed slots; nothing when none were. */
const released = (value: unknown) => {
  const n = typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;
  if (n === 0) return '';
  return n === 1 ? '\u00a0: 1 créneau est à nouveau à pourvoir' : `\u00a0: ${n} créneaux sont à nouveau à pourvoir`;
};

const slot = (value: unknown) => {
  const start = text(value);
  return start ? `, ${formatHelpSlot(start, null)}` : '';
};

/** The villager an action is about: the first name it kept, else the one the device knows. */
const namedVillager = (d: Record<string, unknown>, names: VillagerNames) =>
  text(d.first_name) ?? (typeof d.villager_id === 'string' ? names[d.villager_id] : undefined);

/**
 * One action of the feed in French ("Marie a proposé son aide pour Courses, jeudi 14 novembre, 14 h"). The
 * names of needs and people come from the action's own data when it kept them, since they may be gone.
 */
export function actionSentence(action: Action, names: VillagerNames): string {
  const d = action.data;
  const who = (action.villager_id ? names[action.villager_id] : undefined) ?? SOMEONE;
  const need = text(d.name) ?? 'un besoin';
  const helpNeed = text(d.need_name) ?? 'un besoin';
  switch (action.type) {
    case 'village_created':
      return `${who} a créé le village`;
    case 'village_updated':
      return `${who} a mis à jour les informations du village`;
    case 'village_photo_updated':
      return `${who} a changé la photo du village`;
    case 'village_creation_finished':
      return `${who} a terminé la création du village`;
    case 'village_opened':
      return 'Le village est ouvert';
    case 'need_added':
      return `${who} a ajouté le besoin ${need}`;
    case 'need_updated':
      return `${who} a modifié le besoin ${need}`;
    case 'need_deleted':
      return `${who} a supprimé le besoin ${need}`;
    case 'help_added':
      return `${who} a proposé son aide pour ${helpNeed}${slot(d.start_date)}`;
    case 'help_deleted':
      return `${who} a annulé une aide pour ${helpNeed}${slot(d.start_date)}`;
    case 'help_refused': {
      const helper = text(d.helper_first_name) ?? (typeof d.helper_id === 'string' ? names[d.helper_id] : undefined);
      return `${who} a décliné l'aide ${helper ? ofName(helper) : "d'un membre"} pour ${helpNeed}${slot(d.start_date)}`;
    }
    case 'villager_joined':
      return `${who} a rejoint le village`;
    case 'villager_banned':
      return `${who} a retiré ${namedVillager(d, names) ?? 'un membre'} du village${released(d.released)}`;
    case 'villager_left': {
      // The account may be deleted with the departure: the action kept the first name.
      const gone = text(d.first_name) ?? who;
      return `${gone} ${d.account_deleted === true ? 'a supprimé son compte' : 'a quitté le village'}${released(d.released)}`;
    }
    case 'help_released': {
      // Gender neutral: the place is freed, rather than "Paul n'y est plus inscrit·e".
      const helper = text(d.helper_first_name) ?? (typeof d.helper_id === 'string' ? names[d.helper_id] : undefined);
      return `${who} a annulé le créneau ${helpNeed}${slot(d.start_date)}\u00a0: la place ${helper ? ofName(helper) : "d'un membre"} est libérée`;
    }
    case 'help_withdrawn_late':
      return `${who} a annulé son aide pour ${helpNeed}${slot(d.start_date)}, moins de 48\u00a0h avant`;
    case 'villager_role_changed': {
      const named = namedVillager(d, names) ?? 'un membre';
      return d.is_manager === true
        ? `${who} a nommé ${named} co-organisateur·rice du village`
        : `${who} a retiré à ${named} l’organisation du village`;
    }
    case 'news_published':
      return `${who} a publié une nouvelle`;
    case 'help_replacement_asked':
      return replacementSentence(who, helpNeed, String(d.start_date ?? action.created_at));
    case 'help_taken_over': {
      const from = text(d.from_first_name) ?? (typeof d.from_helper_id === 'string' ? names[d.from_helper_id] : undefined);
      return `${who} a pris le relais ${from ? ofName(from) : "d'un membre"} pour ${helpNeed}${slot(d.start_date)}`;
    }
  }
}
