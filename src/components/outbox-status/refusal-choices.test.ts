import { describe, expect, it } from 'vitest';
import {
  idTaken,
  lastManager,
  needNotFound,
  notActiveVillager,
  notManager,
  notMember,
  notYourHelp,
  slotCancelled,
  slotFull,
} from '../../contract/error-messages';
import type { OutboxEntry } from '../../db/database';
import { canSucceedAgain, refusalAnnouncement, refusalChoices } from './refusal-choices';

const VILLAGE = '0195a6a4-0000-7000-8000-000000000001';
const NEED = '0195a6a4-0000-7000-8000-000000000003';

const entry = (kind: string, failure: OutboxEntry['failure']): OutboxEntry => ({
  seq: 1,
  id: 'e1',
  userId: 'me',
  kind,
  payload: { village_id: VILLAGE, village_need_id: NEED },
  villageId: VILLAGE,
  createdAt: '',
  status: 'failed',
  attempts: 1,
  notBefore: 0,
  failure,
});

describe('whether a refused change can go through if sent again', () => {
  it('never for a full slot, one already held, a taken id or a person gone from the village', () => {
    expect(canSucceedAgain({ status: 409, message: slotFull(['Bruno', 'Marie']) })).toBe(false);
    expect(canSucceedAgain({ status: 409, message: slotFull([]) })).toBe(false);
    expect(canSucceedAgain({ status: 409, message: 'Claire a déjà pris le relais.' })).toBe(false);
    expect(canSucceedAgain({ status: 409, message: 'Vous vous occupez déjà de ce créneau.' })).toBe(false);
    expect(canSucceedAgain({ status: 409, message: idTaken })).toBe(false);
    expect(canSucceedAgain({ status: 409, message: notActiveVillager })).toBe(false);
  });

  it('yes for a conflict that can end: the last organiser may name another one first', () => {
    expect(canSucceedAgain({ status: 409, message: lastManager })).toBe(true);
  });

  it('never for something deleted or content refused; yes for a 403 an organiser can lift', () => {
    expect(canSucceedAgain({ status: 404, message: needNotFound })).toBe(false);
    expect(canSucceedAgain({ status: 422, message: 'Certaines informations ne sont pas valides.' })).toBe(false);
    expect(canSucceedAgain({ status: 413, message: 'Le contenu envoyé est trop volumineux.' })).toBe(false);
    expect(canSucceedAgain({ status: 403, message: notManager })).toBe(true);
    expect(canSucceedAgain({ status: 403, message: notYourHelp })).toBe(false);
    expect(canSucceedAgain({ status: 403, message: notMember })).toBe(false);
    expect(canSucceedAgain({ status: 429, message: 'Trop de demandes.' })).toBe(true);
  });
});

describe('what the list of refused changes offers', () => {
  it('a full slot: why with who holds it, other slots of the same need, and removing it; no retry', () => {
    const choices = refusalChoices(entry('add-help', { status: 409, message: slotFull(['Bruno', 'Marie', 'Denis']) }));
    expect(choices).toEqual({
      reason: "Ce créneau est complet\u00a0: Bruno, Marie et Denis s'en occupent.",
      retry: false,
      otherSlots: { villageId: VILLAGE, needId: NEED },
      removeLabel: 'Retirer',
    });
  });

  it('a slot whose need was deleted points to the planning; a slot cancelled meanwhile says so', () => {
    expect(refusalChoices(entry('add-help', { status: 404, message: needNotFound }))).toEqual({
      reason: "Ce besoin a été supprimé par quelqu'un d'autre.",
      retry: false,
      otherSlots: { villageId: VILLAGE, needId: null },
      removeLabel: 'Retirer',
    });
    const cancelled = refusalChoices(
      entry('add-help', { status: 422, message: 'Certaines informations ne sont pas valides.', details: [slotCancelled] }),
    );
    expect(cancelled).toMatchObject({ reason: 'Ce créneau a été annulé.', retry: false, otherSlots: { needId: NEED } });
  });

  it('a change other than a slot offers no other slot; a refusal that may lift offers to send again', () => {
    expect(refusalChoices(entry('create-need', { status: 403, message: notManager }))).toEqual({
      reason: notManager,
      retry: true,
      otherSlots: null,
      removeLabel: 'Abandonner',
    });
    expect(refusalChoices(entry('add-message', { status: 403, message: notMember })).retry).toBe(false);
  });
});

describe('the sentence said when a change is refused', () => {
  it('names the slot, says it is full and who holds it', () => {
    const full = entry('add-help', { status: 409, message: slotFull(['Bruno', 'Marie', 'Denis']) });
    expect(refusalAnnouncement(full, 'Créneau du mercredi 2 décembre, 19 h sur «\u00a0Dîner\u00a0»')).toBe(
      "Le créneau du mercredi 2 décembre, 19 h sur «\u00a0Dîner\u00a0» est complet\u00a0: Bruno, Marie et Denis s'en occupent. Votre inscription n'a pas pu être enregistrée.",
    );
    const nobodyNamed = entry('add-help', { status: 409, message: slotFull([]) });
    expect(refusalAnnouncement(nobodyNamed, 'Créneau du mercredi 2 décembre, 19 h sur «\u00a0Dîner\u00a0»')).toBe(
      "Le créneau du mercredi 2 décembre, 19 h sur «\u00a0Dîner\u00a0» est complet. Votre inscription n'a pas pu être enregistrée.",
    );
  });

  it('any other change: what it was and why', () => {
    expect(
      refusalAnnouncement(
        entry('create-need', { status: 404, message: 'Ce village est introuvable.' }),
        'Ajout du besoin «\u00a0Courses\u00a0»',
      ),
    ).toBe("Modification non enregistrée\u00a0: Ajout du besoin «\u00a0Courses\u00a0». Ce village a été supprimé par quelqu'un d'autre.");
  });
});
