import type { ReactNode } from 'react';
import type { StepName } from './steps';
import { invitedPeople, ofPerson } from './helped-person';

/**
 * What each step is for, beside its form on wide screens and above it on phones. `person` is the person
 * helped when the village is created for a close person (helped-person.ts), null for oneself.
 */
export function stepAside(step: StepName, person: string | null): { title: string; text: ReactNode } {
  const aside = STEP_ASIDES[step];
  if (!person) return aside;
  switch (step) {
    case 'needs':
      return {
        ...aside,
        text: (
          <p>
            Les besoins {ofPerson(person)} sont ce pour quoi son entourage pourra proposer son aide. Choisissez-en au moins un pour
            commencer&nbsp;: vous pourrez en ajouter, les modifier ou en retirer plus tard.
          </p>
        ),
      };
    case 'period':
      return {
        ...aside,
        text: (
          <p>
            Sur quelle période faut-il aider {person}&nbsp;? Le temps d’une convalescence, d’une naissance… Si vous ne le savez pas encore,
            passez cette étape&nbsp;: vous pourrez l’indiquer plus tard.
          </p>
        ),
      };
    case 'infos':
      return {
        ...aside,
        text: (
          <p>
            Donnez un nom au village et quelques mots de présentation. Une fois la création terminée, le village attendra son
            ouverture&nbsp;: vous pourrez alors y inviter {invitedPeople(person)}.
          </p>
        ),
      };
    default:
      return aside;
  }
}

const STEP_ASIDES: Record<StepName, { title: string; text: ReactNode }> = {
  reason: {
    title: 'Un village, pour quoi faire\u00a0?',
    text: (
      <p>
        Un village rassemble, autour d’une personne qui traverse une période difficile, les proches qui veulent l’aider&nbsp;: repas,
        transports, courses, compagnie… Dites pour qui vous le créez et pourquoi&nbsp;: c’est la première chose que liront vos proches.
      </p>
    ),
  },
  'about-close': {
    title: 'La personne aidée',
    text: (
      <p>
        Le village est construit autour de votre proche&nbsp;: son prénom dit à chacun qui il aide. Vous restez la personne qui a créé le
        village et c’est vous qui le gérez.
      </p>
    ),
  },
  needs: {
    title: 'Les besoins',
    text: (
      <p>
        Les besoins sont ce pour quoi vos proches pourront proposer leur aide. Choisissez-en au moins un pour commencer&nbsp;: vous pourrez
        en ajouter, les modifier ou en retirer plus tard.
      </p>
    ),
  },
  period: {
    title: 'La période',
    text: (
      <p>
        Sur quelle période l’aide est-elle nécessaire&nbsp;? Le temps d’une convalescence, d’une naissance… Si vous ne le savez pas encore,
        passez cette étape&nbsp;: vous pourrez l’indiquer plus tard.
      </p>
    ),
  },
  infos: {
    title: 'Les informations',
    text: (
      <p>
        Donnez un nom au village et quelques mots de présentation. Une fois la création terminée, le village attendra son ouverture&nbsp;:
        vous pourrez alors y inviter vos proches.
      </p>
    ),
  },
};

export const SAVED_AT_EACH_STEP = 'Vos réponses sont enregistrées à chaque étape\u00a0: vous pouvez quitter et reprendre plus tard.';
