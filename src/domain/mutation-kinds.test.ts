import { describe, expect, it } from 'vitest';
import { mutationKinds } from './mutation-kinds';

describe("the app's mutation kinds", () => {
  it('declares every kind of queued write once, each saying in French what it was', () => {
    const names = mutationKinds.map((kind) => kind.name);
    expect(names.toSorted()).toEqual(
      [
        'add-help',
        'ban-villager',
        'check-notifications',
        'create-invitations',
        'create-need',
        'create-village',
        'delete-help',
        'delete-need',
        'finish-creation',
        'leave-village',
        'mark-help-done',
        'open-validation',
        'refuse-help',
        'resend-invitation',
        'send-message',
        'set-villager-role',
        'thank-everyone',
        'thank-helper',
        'update-help',
        'update-need',
        'update-notification-settings',
        'update-village',
        'withdraw-invitation',
        'post-news',
        'add-news-photo',
        'edit-news',
        'delete-news',
        'heart-news',
        'unheart-news',
        'comment-news',
        'uncomment-news',
        'ask-replacement',
        'cancel-replacement',
        'take-over-help',
      ].sort(),
    );
    expect(mutationKinds.filter((kind) => !kind.describe).map((kind) => kind.name)).toEqual([]);
  });
});
