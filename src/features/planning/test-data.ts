import type { Help, NeedCategory, VillageNeed, Villager } from '../../contract';

/** Small builders for the planning's tests: only the fields the planning reads vary. */
export const help = (id: string, start: string, end: string | null, needId = 'n1', helperId = 'v1'): Help => ({
  id,
  village_id: 'village',
  village_need_id: needId,
  helper_id: helperId,
  start_date: start,
  end_date: end,
  comment: null,
  created_at: '2026-01-01T00:00:00Z',
});

export const need = (id: string, name: string, categoryId: string | null = null): VillageNeed => ({
  id,
  village_id: 'village',
  need_id: null,
  category_id: categoryId,
  name,
  description: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

export const category = (id: string, color: string): NeedCategory => ({ id, name: id, color });

export const villager = (id: string, firstName: string): Villager => ({
  id,
  village_id: 'village',
  user_id: `user-${id}`,
  is_needy: false,
  is_creator: false,
  is_out: false,
  is_ban: false,
  last_check_notif_date: null,
  created_at: '2026-01-01T00:00:00Z',
  user: { id: `user-${id}`, first_name: firstName, last_name: 'Martin', photo: null },
});
