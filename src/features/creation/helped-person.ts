import type { Village } from '../../contract';

/**
 * How the tunnel names the person a village is built around when it is created for a close person (mode 2):
 * their first name once given ("Jeanne"), else "votre proche". Null for a village created for oneself, whose
 * texts speak to the creator ("De quoi avez-vous besoin ?"). The gender is not asked, so the texts that use
 * it are written in forms that need none ("Quels sont les besoins de Jeanne ?", "son entourage").
 */
export function helpedPerson(village: Pick<Village, 'creation_mode' | 'first_name'> | undefined | null): string | null {
  if (!village || village.creation_mode !== 2) return null;
  return village.first_name?.trim() || 'votre proche';
}

/** "de Jeanne", "d’Anne", "de votre proche": French elides "de" before a vowel or a mute h. */
export function ofPerson(person: string): string {
  return /^[aeiouyhàâäéèêëîïôöùûüœæ]/i.test(person) ? `d’${person}` : `de ${person}`;
}

/** The needs step's question: to the creator for oneself, about the person helped for a close person. */
export const needsQuestion = (person: string | null) =>
  person ? `Quels sont les besoins ${ofPerson(person)}\u00a0?` : 'De quoi avez-vous besoin\u00a0?';

/** The infos step's title. */
export const infosTitle = (person: string | null) => (person ? `Présentez le village ${ofPerson(person)}` : 'Présentez votre village');

/** The presentation's hint: what helpers should know, about whom. */
export const presentationHint = (person: string | null) =>
  person
    ? `Facultatif. Ce que son entourage doit savoir pour bien aider ${person}\u00a0: sa situation, ses habitudes, ce qui lui fait plaisir…`
    : 'Facultatif. Ce que vos proches doivent savoir pour bien aider\u00a0: la situation, les habitudes, ce qui fait plaisir…';

/** Who is invited once the village is open: "vos proches", or "l’entourage de Jeanne". */
export const invitedPeople = (person: string | null) => (person ? `l’entourage ${ofPerson(person)}` : 'vos proches');
