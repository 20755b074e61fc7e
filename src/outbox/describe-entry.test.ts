import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../db/database';
import { describeEntry, failedText, pendingText } from './describe-entry';
import { provideAppMutationKinds } from '../testing/mutation-kinds';

await provideAppMutationKinds();

const entry = (kind: string, payload: unknown): OutboxEntry => ({
  id: 'e',
  userId: 'u',
  kind,
  payload,
  villageId: 'v',
  createdAt: '2026-11-21T10:30:00.000Z',
  status: 'failed',
  attempts: 0,
  notBefore: 0,
});

describe('what a refused change was, in French', () => {
  it("asks the entry's kind (the registry the drain loaded)", () => {
    expect(describeEntry(entry('create-need', { input: { villager_id: 'x', name: 'Courses' } }))).toBe(
      'Ajout du besoin «\u00a0Courses\u00a0»',
    );
    expect(describeEntry(entry('send-message', { input: { villager_id: 'x', body: 'a'.repeat(50) } }))).toBe(
      `Message dans la discussion\u00a0: «\u00a0${'a'.repeat(40)}…\u00a0»`,
    );
  });

  it('still lists an entry whose kind or payload this version does not know', () => {
    expect(describeEntry(entry('launch-rocket', {}))).toBe('Modification');
    expect(describeEntry(entry('create-need', null))).toBe('Modification');
  });

  it('counts in French', () => {
    expect([pendingText(1), pendingText(2)]).toEqual(['1 modification en attente', '2 modifications en attente']);
    expect([failedText(1), failedText(3)]).toEqual([
      "1 modification n'a pas pu être envoyée",
      "3 modifications n'ont pas pu être envoyées",
    ]);
  });
});
