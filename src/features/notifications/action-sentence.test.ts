import { describe, expect, it } from 'vitest';
import { ACTION_TYPES, type Action, type ActionType } from '../../contract';
import { actionSentence } from './action-sentence';

const MARIE = '0190a000-0000-7000-8000-0000000000c1';
const PAUL = '0190a000-0000-7000-8000-0000000000c2';
const names = { [MARIE]: 'Marie', [PAUL]: 'Paul' };
// Thursday 14 November 2024, 14 h in Paris (13 h UTC).
const START = '2024-11-14T13:00:00.000Z';

const action = (type: ActionType, data: Record<string, unknown> = {}, villagerId: string | null = MARIE): Action => ({
  id: `a-${type}`,
  village_id: 'v',
  villager_id: villagerId,
  type,
  created_at: '2024-11-10T09:00:00.000Z',
  data,
});

const EXPECTED: Record<ActionType, [Record<string, unknown>, string]> = {
  village_created: [{}, 'Marie a créé le village'],
  village_updated: [{ fields: ['infos'] }, 'Marie a mis à jour les informations du village'],
  village_photo_updated: [{}, 'Marie a changé la photo du village'],
  village_creation_finished: [{}, 'Marie a terminé la création du village'],
  village_opened: [{}, 'Le village est ouvert'],
  need_added: [{ need_id: 'n', name: 'Repas' }, 'Marie a ajouté le besoin Repas'],
  need_updated: [{ need_id: 'n', name: 'Repas' }, 'Marie a modifié le besoin Repas'],
  need_deleted: [{ need_id: 'n', name: 'Repas' }, 'Marie a supprimé le besoin Repas'],
  help_added: [
    { need_name: 'Courses', start_date: START },
    'Marie a proposé son aide pour Courses, jeudi 14\u00a0novembre 2024, 14\u00a0h',
  ],
  help_deleted: [
    { need_name: 'Courses', start_date: START },
    'Marie a annulé une aide pour Courses, jeudi 14\u00a0novembre 2024, 14\u00a0h',
  ],
  help_refused: [
    { need_name: 'Courses', start_date: START, helper_id: PAUL, helper_first_name: 'Paul' },
    "Marie a décliné l'aide de Paul pour Courses, jeudi 14\u00a0novembre 2024, 14\u00a0h",
  ],
  villager_joined: [{}, 'Marie a rejoint le village'],
  villager_banned: [{ villager_id: PAUL, first_name: 'Paul' }, 'Marie a retiré Paul du village'],
  villager_left: [{ first_name: 'Marie' }, 'Marie a quitté le village'],
  help_released: [
    { help_id: 'h', need_id: 'n', need_name: 'Dîner', helper_id: PAUL, helper_first_name: 'Paul', start_date: START },
    'Marie a annulé le créneau Dîner, jeudi 14\u00a0novembre 2024, 14\u00a0h\u00a0: la place de Paul est libérée',
  ],
  help_withdrawn_late: [
    { help_id: 'h', need_id: 'n', need_name: 'Dîner', start_date: START },
    'Marie a annulé son aide pour Dîner, jeudi 14\u00a0novembre 2024, 14\u00a0h, moins de 48\u00a0h avant',
  ],
  villager_role_changed: [
    { villager_id: PAUL, first_name: 'Paul', is_manager: true },
    'Marie a nommé Paul co-organisateur·rice du village',
  ],
  news_published: [{ news_id: 'p' }, 'Marie a publié une nouvelle'],
  help_replacement_asked: [
    { help_id: 'h', need_id: 'n', need_name: 'Dîner', start_date: START },
    'Marie cherche quelqu’un pour «\u00a0Dîner\u00a0», jeudi 14\u00a0novembre 2024, 14\u00a0h',
  ],
  help_taken_over: [
    { help_id: 'h2', old_help_id: 'h', need_name: 'Dîner', start_date: START, from_helper_id: PAUL, from_first_name: 'Paul' },
    'Marie a pris le relais de Paul pour Dîner, jeudi 14\u00a0novembre 2024, 14\u00a0h',
  ],
};

describe('actionSentence', () => {
  it.each(ACTION_TYPES.map((type) => [type]))('tells %s in French', (type) => {
    const [data, sentence] = EXPECTED[type];
    expect(actionSentence(action(type, data), names)).toBe(sentence);
  });

  it('names someone it cannot find "Un membre du village", and keeps names the action kept', () => {
    expect(actionSentence(action('villager_joined', {}, 'unknown'), names)).toBe('Un membre du village a rejoint le village');
    expect(actionSentence(action('villager_joined', {}, null), names)).toBe('Un membre du village a rejoint le village');
    // The account was deleted with the departure: the villager is unknown, the action kept the first name.
    expect(actionSentence(action('villager_left', { first_name: 'Jeanne', account_deleted: true, released: 0 }, 'gone'), names)).toBe(
      'Jeanne a supprimé son compte',
    );
  });

  it('says how many slots a departure freed', () => {
    expect(actionSentence(action('villager_left', { first_name: 'Paul', released: 3 }, PAUL), names)).toBe(
      'Paul a quitté le village\u00a0: 3 créneaux sont à nouveau à pourvoir',
    );
    expect(actionSentence(action('villager_left', { first_name: 'Paul', released: 1 }, PAUL), names)).toBe(
      'Paul a quitté le village\u00a0: 1 créneau est à nouveau à pourvoir',
    );
    expect(actionSentence(action('villager_left', { first_name: 'Paul', released: 0 }, PAUL), names)).toBe('Paul a quitté le village');
    expect(actionSentence(action('villager_left', { first_name: 'Paul', released: 2, account_deleted: true }, 'gone'), names)).toBe(
      'Paul a supprimé son compte\u00a0: 2 créneaux sont à nouveau à pourvoir',
    );
    expect(actionSentence(action('villager_banned', { villager_id: PAUL, first_name: 'Paul', released: 4 }), names)).toBe(
      'Marie a retiré Paul du village\u00a0: 4 créneaux sont à nouveau à pourvoir',
    );
  });

  it('tells a slot released by an edit, with the helper the device knows, and a role taken back', () => {
    expect(actionSentence(action('help_released', { need_name: 'Dîner', helper_id: PAUL }), names)).toBe(
      'Marie a annulé le créneau Dîner\u00a0: la place de Paul est libérée',
    );
    expect(actionSentence(action('help_released', { need_name: 'Dîner', helper_first_name: 'Anne' }), names)).toBe(
      "Marie a annulé le créneau Dîner\u00a0: la place d'Anne est libérée",
    );
    expect(actionSentence(action('villager_role_changed', { villager_id: PAUL, is_manager: false }), names)).toBe(
      'Marie a retiré à Paul l’organisation du village',
    );
  });

  it('elides "de" before a vowel and falls back when names or slots are missing', () => {
    expect(actionSentence(action('help_refused', { need_name: 'Repas', helper_first_name: 'Anne' }), names)).toBe(
      "Marie a décliné l'aide d'Anne pour Repas",
    );
    expect(actionSentence(action('help_refused', { need_name: 'Repas', helper_id: PAUL }), names)).toBe(
      "Marie a décliné l'aide de Paul pour Repas",
    );
    expect(actionSentence(action('help_refused', {}), {})).toBe("Un membre du village a décliné l'aide d'un membre pour un besoin");
    expect(actionSentence(action('help_added', { need_name: 'Repas', start_date: 42 }), names)).toBe('Marie a proposé son aide pour Repas');
  });
});
