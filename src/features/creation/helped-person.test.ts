import { describe, expect, it } from 'vitest';
import { helpedPerson, infosTitle, invitedPeople, needsQuestion, ofPerson, presentationHint } from './helped-person';

describe('the person helped, in the tunnel for a close person', () => {
  it('is named by first name in mode 2, "votre proche" before it is known, and not at all for oneself', () => {
    expect(helpedPerson({ creation_mode: 2, first_name: ' Jeanne ' })).toBe('Jeanne');
    expect(helpedPerson({ creation_mode: 2, first_name: null })).toBe('votre proche');
    expect(helpedPerson({ creation_mode: 2, first_name: '' })).toBe('votre proche');
    expect(helpedPerson({ creation_mode: 1, first_name: 'Jeanne' })).toBeNull();
    expect(helpedPerson(undefined)).toBeNull();
  });

  it('asks about the person helped, in forms that need no gender, and keeps the texts for oneself', () => {
    expect(needsQuestion('Jeanne')).toBe('Quels sont les besoins de Jeanne\u00a0?');
    expect(needsQuestion('Anne')).toBe('Quels sont les besoins d’Anne\u00a0?');
    expect(needsQuestion('votre proche')).toBe('Quels sont les besoins de votre proche\u00a0?');
    expect(needsQuestion(null)).toBe('De quoi avez-vous besoin\u00a0?');
    expect(infosTitle('Jeanne')).toBe('Présentez le village de Jeanne');
    expect(infosTitle(null)).toBe('Présentez votre village');
    expect(presentationHint('Jeanne')).toBe(
      'Facultatif. Ce que son entourage doit savoir pour bien aider Jeanne\u00a0: sa situation, ses habitudes, ce qui lui fait plaisir…',
    );
    expect(invitedPeople('Hélène')).toBe('l’entourage d’Hélène');
    expect(invitedPeople(null)).toBe('vos proches');
    expect(ofPerson('Yves')).toBe('d’Yves');
    expect(ofPerson('Paul')).toBe('de Paul');
  });
});
