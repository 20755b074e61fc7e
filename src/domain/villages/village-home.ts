import { CREATION_MODE, type User, type Village, type Villager } from '../../contract';
import { isManager, memberName, splitMembers } from '../villagers/members';
import { needyPerson } from './needy-person';
import { villageTitle } from './village-title';
import { initialsOf } from './initials';

/** One person of the circle, as the home lists them: organisers are marked. */
export interface CircleMember {
  id: string;
  name: string;
  user: Pick<User, 'first_name' | 'last_name' | 'photo'> | null;
  organises: boolean;
  isNeedy: boolean;
}

/** What a village's home shows, read together so the screen only lays it out. */
export interface VillageHome {
  title: string;
  person: { name: string; photoUrl: string | null; initials: string } | null;
  /** The organiser who wrote the presentation, named for the helpers who read it. */
  presentation: { text: string; by: string | null } | null;
  circle: CircleMember[];
}

/** The person's picture: the village's photo, or in a village made for oneself the creator's own. */
function photoOf(village: Village, villagers: Villager[]): string | null {
  if (village.photo?.original_url) return village.photo.original_url;
  if (village.creation_mode === CREATION_MODE.closePerson) return null;
  return villagers.find((v) => v.is_creator)?.user?.photo?.original_url ?? null;
}

/** The village's home: whom it helps, the organiser's words, and who is in the circle (organisers first). */
export function villageHomeOf(village: Village, villagers: Villager[]): VillageHome {
  const needy = needyPerson(village, villagers);
  const creator = villagers.find((v) => v.is_creator);
  const personFirstName = village.creation_mode === CREATION_MODE.closePerson ? village.first_name : creator?.user?.first_name;
  const text = village.infos?.trim();
  return {
    title: villageTitle(village, personFirstName),
    person: needy ? { name: needy.name, photoUrl: photoOf(village, villagers), initials: initialsOf(needy.name) } : null,
    presentation: text ? { text, by: creator?.user ? memberName(creator) : null } : null,
    circle: splitMembers(villagers).active.map((v) => ({
      id: v.id,
      name: memberName(v),
      user: v.user ?? null,
      organises: isManager(v),
      isNeedy: v.is_needy,
    })),
  };
}
