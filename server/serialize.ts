import type {
  Action,
  CatalogueNeed,
  ChatMessage,
  Help,
  NeedCategory,
  PublicUser,
  User,
  Village,
  VillageNeed,
  Villager,
} from '../src/contract';
import { DEFAULT_CATEGORY_COLOR } from '../src/contract';
import type * as s from './db/schema';

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];

/** Turns database rows into the wire contract's shapes; the only place that knows both. */
export function createSerializers(publicUrl: string) {
  const photo = (key: string | null) => (key ? { original_url: `${publicUrl}/uploads/${key}` } : null);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);

  const user = (u: Row<typeof s.users>): User => ({
    id: u.id,
    uuid: u.uuid,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    phone: u.phone,
    photo: photo(u.photoKey),
    analytics_consent: u.analyticsConsent,
    email_verified_at: u.emailVerifiedAt?.toISOString() ?? null,
    has_password: u.passwordHash !== null,
  });

  const publicUser = (u: Pick<Row<typeof s.users>, 'id' | 'firstName' | 'lastName' | 'photoKey'>): PublicUser => ({
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    photo: photo(u.photoKey),
  });

  const villager = (v: Row<typeof s.villagers>): Villager => ({
    id: v.id,
    village_id: v.villageId,
    user_id: v.userId,
    is_needy: v.isNeedy,
    is_creator: v.isCreator,
    is_manager: v.isManager,
    is_out: v.isOut,
    is_ban: v.isBan,
    last_check_notif_date: iso(v.lastCheckNotifDate),
    created_at: v.createdAt.toISOString(),
  });

  const need = (n: Row<typeof s.villageNeeds>): VillageNeed => ({
    id: n.id,
    village_id: n.villageId,
    need_id: n.needId,
    category_id: n.categoryId,
    name: n.name,
    description: n.description,
    schedule: n.schedule ?? null,
    address: n.address,
    access: n.access,
    people: n.people,
    diet: n.diet,
    organisers_only: n.organisersOnly,
    details_hidden: false,
    created_at: n.createdAt.toISOString(),
    updated_at: n.updatedAt.toISOString(),
  });

  const help = (h: Row<typeof s.helps>): Help => ({
    id: h.id,
    village_id: h.villageId,
    village_need_id: h.villageNeedId,
    helper_id: h.helperId,
    start_date: h.startDate.toISOString(),
    end_date: iso(h.endDate),
    comment: h.comment,
    created_at: h.createdAt.toISOString(),
    done_at: iso(h.doneAt),
    thanks_count: h.thanksCount,
    thanks_message: h.thanksMessage,
    replacement_asked_at: iso(h.replacementAskedAt),
  });

  const village = (v: Row<typeof s.villages>): Village => ({
    id: v.id,
    state: v.state as Village['state'],
    creation_mode: v.creationMode as Village['creation_mode'],
    name: v.name,
    reason: v.reason,
    infos: v.infos,
    home_infos: v.homeInfos,
    phone: v.phone,
    start_date: v.startDate,
    end_date: v.endDate,
    first_name: v.firstName,
    last_name: v.lastName,
    relationship: v.relationship,
    share_code: v.shareCode,
    time_zone: v.timeZone,
    gap_horizon_days: v.gapHorizonDays,
    photo: photo(v.photoKey),
    closed_at: iso(v.closedAt),
    closed_message: v.closedMessage,
    created_at: v.createdAt.toISOString(),
    updated_at: v.updatedAt.toISOString(),
  });

  const action = (a: Row<typeof s.actions>): Action => ({
    id: a.id,
    village_id: a.villageId,
    villager_id: a.villagerId,
    type: a.type as Action['type'],
    created_at: a.createdAt.toISOString(),
    data: (a.data ?? {}) as Record<string, unknown>,
  });

  const message = (m: Row<typeof s.messages>, firstName?: string | null): ChatMessage => ({
    id: m.id,
    village_id: m.villageId,
    villager_id: m.villagerId,
    body: m.body,
    created_at: m.createdAt.toISOString(),
    first_name: firstName ?? null,
  });

  const catalogueNeed = (n: Row<typeof s.catalogueNeeds>): CatalogueNeed => ({
    id: n.id,
    category_id: n.categoryId,
    name: n.name,
    photo: n.picture ? { original_url: `${publicUrl}/static/needs/${n.picture}.svg` } : null,
  });

  const category = (c: Row<typeof s.needCategories>): NeedCategory => ({
    id: c.id,
    name: c.name,
    color: c.color ?? DEFAULT_CATEGORY_COLOR,
  });

  return { photo, user, publicUser, villager, need, help, village, action, message, catalogueNeed, category };
}
export type Serializers = ReturnType<typeof createSerializers>;
