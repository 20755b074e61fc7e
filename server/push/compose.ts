import { and, eq } from 'drizzle-orm';
import type { PushKind, PushPayload } from '../../src/contract/push';
import { formatHelpSlot, frenchSpaces } from '../../src/contract/french-time';
import { ofName, replacementSentence } from '../../src/contract/replacement';
import type { Executor } from '../db/client';
import { helps, messages, newsPosts, users, villageNeeds, villagers, villages } from '../db/schema';
import { composeVillageAlert } from './compose-village-alerts';
import { isActive as isActiveVillager, isManager as isManagerVillager, type VillagerRoleFields } from '../policy';

/** One notification for one user: sent to each of their devices. */
export interface Delivery {
  userId: string;
  payload: PushPayload;
  /** Seconds the push service keeps it for a device that is off: a reminder is useless after its slot. */
  ttl: number;
  urgency: 'normal' | 'high';
  /** Undelivered pushes with one topic replace each other at the push service (a burst of chat messages). */
  topic?: string;
}

export interface QueuedJob {
  villageId: string;
  kind: string;
  data: Record<string, unknown>;
}

const DAY_S = 24 * 3600;
const MESSAGE_PREVIEW = 160;

// Only what composing reads: the whole row (four dates parsed a member) was a quarter of a 500-member chat push's reading.
const memberColumns = {
  id: villagers.id,
  userId: villagers.userId,
  isNeedy: villagers.isNeedy,
  isCreator: villagers.isCreator,
  isManager: villagers.isManager,
  isOut: villagers.isOut,
  isBan: villagers.isBan,
  firstName: users.firstName,
};
type Member = VillagerRoleFields & { id: string; userId: string | null; firstName: string | null };

// A villager whose account was deleted stays, out and without a user: nobody to tell.
const isActive = (m: Member) => isActiveVillager(m) && m.userId !== null;
const isManager = (m: Member) => isManagerVillager(m) && m.userId !== null;
const nameOf = (members: Member[], villagerId: unknown) => members.find((m) => m.id === villagerId)?.firstName ?? 'Un membre';

/** "Village de Marie", as the app names a village for someone close; else its name. */
function villageLabel(village: { firstName: string | null; name: string | null }) {
  if (village.firstName) return `Village de ${village.firstName}`;
  return village.name ?? 'Votre village';
}

const preview = (body: string) => {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > MESSAGE_PREVIEW ? `${flat.slice(0, MESSAGE_PREVIEW - 1)}…` : flat;
};

/** "Paul a quitté le village : 3 créneaux sont à nouveau à pourvoir." (one créneau: singular). */
export function releasedSentence(firstName: string, reason: string, released: number) {
  const what =
    reason === 'banned' ? 'a été retiré du village' : reason === 'account_deleted' ? 'a supprimé son compte' : 'a quitté le village';
  const slots = released === 1 ? '1 créneau est à nouveau à pourvoir' : `${released} créneaux sont à nouveau à pourvoir`;
  return `${firstName} ${what}\u00a0: ${slots}.`;
}

/** Topics are at most 32 URL-safe characters: a prefix and most of the id's hex digits. */
const topic = (prefix: string, id: string) => `${prefix}${id.replace(/-/g, '')}`.slice(0, 32);

/**
 * Who is told what about one queued job, read when it is sent: someone who left or was banned meanwhile
 * is not told, and a reminder of a help since withdrawn, refused or deleted is not sent.
 */
export async function composeJob(db: Executor, job: QueuedJob, now: Date): Promise<Delivery[]> {
  const [village] = await db
    .select({ id: villages.id, firstName: villages.firstName, name: villages.name, timeZone: villages.timeZone })
    .from(villages)
    .where(eq(villages.id, job.villageId));
  if (!village) return [];
  const members: Member[] = await db
    .select(memberColumns)
    .from(villagers)
    .leftJoin(users, eq(users.id, villagers.userId))
    .where(eq(villagers.villageId, job.villageId));
  const label = villageLabel(village);
  const base = `/dashboard/villages/${village.id}`;
  const d = job.data;
  // What people wrote (a chat message, a word of thanks) keeps its colons and question marks off a line's start too, as in the mails.
  // One payload object for everyone told: send.ts then serialises it once for the whole fan-out, not once a member.
  const to = (who: Member[], payload: Omit<PushPayload, 'kind' | 'village_id'>, extra: Partial<Delivery> = {}): Delivery[] => {
    const shared: Omit<Delivery, 'userId'> = {
      payload: {
        kind: job.kind as PushKind,
        village_id: village.id,
        ...payload,
        title: frenchSpaces(payload.title),
        body: frenchSpaces(payload.body),
      },
      ttl: DAY_S,
      urgency: 'normal',
      ...extra,
    };
    return who.map((m) => ({ ...shared, userId: m.userId! }));
  };
  // Slots are told on the village's clock, wherever the reader's device is.
  const slot = (iso: unknown) => formatHelpSlot(String(iso), null, undefined, village.timeZone);

  switch (job.kind) {
    case 'need_added': {
      // An organisers-only need is told to the organisers only (read when sent: it may have changed since).
      const [need] = await db
        .select({ organisersOnly: villageNeeds.organisersOnly })
        .from(villageNeeds)
        .where(eq(villageNeeds.id, String(d.need_id)));
      return to(
        members.filter((m) => (need?.organisersOnly ? isManager(m) : isActive(m)) && m.id !== d.author_id),
        {
          title: `Nouveau besoin · ${label}`,
          body: `${nameOf(members, d.author_id)} a ajouté «\u00a0${d.need_name}\u00a0». Pouvez-vous aider\u00a0?`,
          url: `${base}/needs/${d.need_id}`,
          tag: `need-${d.need_id}`,
        },
      );
    }
    case 'help_released':
      // Told to the helper whose slot an organiser's edit of the schedule removed.
      return to(
        members.filter((m) => isActive(m) && m.id === d.helper_id && m.id !== d.actor_id),
        {
          title: `Créneau annulé · ${label}`,
          body: `Votre créneau «\u00a0${d.need_name}\u00a0» du ${slot(d.start_date)} a été annulé par ${nameOf(members, d.actor_id)}.`,
          url: `${base}/planning`,
          tag: `help-${d.help_id}`,
        },
      );
    case 'help_withdrawn_late':
      return to(
        members.filter((m) => isManager(m) && m.id !== d.helper_id),
        {
          title: `Créneau à pourvoir · ${label}`,
          body: `${nameOf(members, d.helper_id)} ne pourra pas assurer «\u00a0${d.need_name}\u00a0», ${slot(d.start_date)}\u00a0: le créneau est à nouveau à pourvoir.`,
          url: `${base}/needs/${d.need_id}/helps`,
          tag: `help-${d.help_id}`,
        },
        { urgency: 'high' },
      );
    case 'help_added':
      return to(
        members.filter((m) => isManager(m) && m.id !== d.helper_id),
        {
          title: `Nouvelle aide · ${label}`,
          body: `${nameOf(members, d.helper_id)} propose son aide pour «\u00a0${d.need_name}\u00a0», ${slot(d.start_date)}.`,
          url: `${base}/needs/${d.need_id}/helps`,
          tag: `help-${d.help_id}`,
        },
      );
    case 'help_refused': {
      const helper = members.filter((m) => isActive(m) && m.id === d.helper_id && m.id !== d.refuser_id);
      const managers = members.filter((m) => isManager(m) && m.id !== d.refuser_id && m.id !== d.helper_id);
      return [
        ...to(helper, {
          title: `Aide non retenue · ${label}`,
          body: `Votre aide pour «\u00a0${d.need_name}\u00a0», ${slot(d.start_date)}, n'a pas été retenue.`,
          url: `${base}/planning`,
          tag: `help-${d.help_id}`,
        }),
        ...to(managers, {
          title: `Aide refusée · ${label}`,
          body: `${nameOf(members, d.refuser_id)} a refusé l'aide de ${nameOf(members, d.helper_id)} pour «\u00a0${d.need_name}\u00a0», ${slot(d.start_date)}.`,
          url: `${base}/planning`,
          tag: `help-${d.help_id}`,
        }),
      ];
    }
    case 'help_thanked':
      // Told to the helper thanked, by whoever thanked them (never themselves: the route refuses it).
      return to(
        members.filter((m) => isActive(m) && m.id === d.helper_id && m.id !== d.thanker_id),
        {
          title: `Merci · ${label}`,
          body: `${nameOf(members, d.thanker_id)} vous remercie pour «\u00a0${d.need_name}\u00a0»${d.message ? `\u00a0: «\u00a0${preview(String(d.message))}\u00a0»` : '.'}`,
          url: `${base}/needs/${d.need_id}/helps`,
          tag: `thanks-${d.help_id}`,
        },
      );
    case 'helps_released': {
      // The organisers, but not whoever made it happen nor the one who went.
      const organisers = members.filter((m) => isManager(m) && m.id !== d.actor_id && m.id !== d.villager_id);
      return to(organisers, {
        title: `Créneaux à pourvoir · ${label}`,
        body: releasedSentence(String(d.first_name ?? 'Un membre'), String(d.reason), Number(d.released)),
        url: `${base}/planning`,
        tag: `released-${d.villager_id}`,
      });
    }
    case 'villager_role_changed': {
      const target = members.filter((m) => isActive(m) && m.id === d.villager_id && m.id !== d.updater_id);
      const of = village.firstName ? `du village de ${village.firstName}` : `du village «\u00a0${village.name ?? 'Votre village'}\u00a0»`;
      return to(target, {
        title: `Organisation · ${label}`,
        body: d.is_manager
          ? `${nameOf(members, d.updater_id)} vous a confié l'organisation ${of}.`
          : `${nameOf(members, d.updater_id)} a repris l'organisation ${of}\u00a0: vous restez membre du village.`,
        url: base,
        tag: `role-${d.villager_id}`,
      });
    }
    case 'message': {
      const [message] = await db
        .select()
        .from(messages)
        .where(eq(messages.id, String(d.message_id)));
      if (!message) return [];
      return to(
        members.filter((m) => isActive(m) && m.id !== message.villagerId),
        {
          title: `${nameOf(members, message.villagerId)} · ${label}`,
          body: preview(message.body),
          url: `${base}/chat`,
          tag: `chat-${village.id}`,
        },
        { topic: topic('c', village.id) },
      );
    }
    case 'news': {
      // Read when sent: a post deleted meanwhile is not told.
      const [post] = await db
        .select()
        .from(newsPosts)
        .where(and(eq(newsPosts.id, String(d.news_id)), eq(newsPosts.villageId, village.id)));
      if (!post) return [];
      return to(
        members.filter((m) => isActive(m) && m.id !== post.authorId),
        {
          title: `Nouvelle de ${nameOf(members, post.authorId)} · ${label}`,
          body: preview(post.body),
          url: `${base}/news`,
          tag: `news-${post.id}`,
        },
      );
    }
    case 'reminder_evening':
    case 'reminder_hour': {
      const [row] = await db
        .select({ help: helps, needName: villageNeeds.name })
        .from(helps)
        .innerJoin(villageNeeds, eq(villageNeeds.id, helps.villageNeedId))
        .where(and(eq(helps.id, String(d.help_id)), eq(helps.villageId, village.id)));
      if (!row || row.help.startDate <= now) return [];
      const helper = members.filter((m) => isActive(m) && m.id === row.help.helperId);
      const when = formatHelpSlot(row.help.startDate.toISOString(), row.help.endDate?.toISOString() ?? null, undefined, village.timeZone);
      const evening = job.kind === 'reminder_evening';
      return to(
        helper,
        {
          title: evening ? `Demain\u00a0: ${row.needName}` : `Dans une heure\u00a0: ${row.needName}`,
          body: `Rappel\u00a0: vous aidez pour «\u00a0${row.needName}\u00a0», ${when} (${label}).`,
          url: `${base}/needs/${row.help.villageNeedId}/helps`,
          tag: `reminder-${row.help.id}`,
        },
        // Past its slot's start a reminder means nothing: the push service may drop it then.
        { urgency: 'high', ttl: Math.max(60, Math.floor((row.help.startDate.getTime() - now.getTime()) / 1000)) },
      );
    }
    case 'help_replacement_asked': {
      // Read when sent: a help taken over, or a request taken back meanwhile, is not told.
      const [help] = await db
        .select({ replacementAskedAt: helps.replacementAskedAt, startDate: helps.startDate })
        .from(helps)
        .where(and(eq(helps.id, String(d.help_id)), eq(helps.villageId, village.id)));
      if (!help?.replacementAskedAt || help.startDate <= now) return [];
      return to(
        members.filter((m) => isActive(m) && m.id !== d.helper_id),
        {
          title: `Remplacement recherché · ${label}`,
          body: `${replacementSentence(nameOf(members, d.helper_id), String(d.need_name), String(d.start_date), village.timeZone)}.`,
          url: `${base}/needs/${d.need_id}/helps`,
          tag: `replacement-${d.help_id}`,
        },
        { urgency: 'high' },
      );
    }
    case 'help_taken_over':
      // The helper who asked, and the organisers; not the taker, who has their confirmation.
      return to(
        members.filter((m) => (m.id === d.from_helper_id ? isActive(m) : isManager(m)) && m.id !== d.helper_id),
        {
          title: `Relais pris · ${label}`,
          body: `${nameOf(members, d.helper_id)} prend le relais ${ofName(nameOf(members, d.from_helper_id))} pour «\u00a0${d.need_name}\u00a0», ${slot(d.start_date)}.`,
          url: `${base}/needs/${d.need_id}/helps`,
          tag: `replacement-${d.old_help_id}`,
        },
      );
    case 'gaps':
    case 'nudges': {
      const told = await composeVillageAlert(db, job, village, label, members, now);
      return told
        ? to(
            members.filter((m) => isActive(m) && told.villagerIds.includes(m.id)),
            told.payload,
          )
        : [];
    }
    default:
      return [];
  }
}
