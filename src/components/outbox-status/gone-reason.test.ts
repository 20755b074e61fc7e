import { describe, expect, it } from 'vitest';
import { goneReason } from './gone-reason';

describe('a refused change whose thing was deleted by someone else', () => {
  it('says so in plain words for each of the server 404 messages', () => {
    expect(goneReason({ status: 404, message: 'Ce besoin est introuvable.' })).toBe("ce besoin a été supprimé par quelqu'un d'autre.");
    expect(goneReason({ status: 404, message: 'Cette aide est introuvable.' })).toBe("cette aide a été retirée par quelqu'un d'autre.");
    expect(goneReason({ status: 404, message: 'Ce village est introuvable.' })).toBe("ce village a été supprimé par quelqu'un d'autre.");
    expect(goneReason({ status: 404, message: 'Ce membre est introuvable.' })).toBe("cette personne n'est plus membre du village.");
  });

  it('has a neutral sentence for a 404 it does not know, and nothing for other refusals', () => {
    expect(goneReason({ status: 404, message: 'Not found' })).toBe("ce qu'elle modifiait a été supprimé par quelqu'un d'autre.");
    expect(goneReason({ status: 403, message: 'Ce besoin est introuvable.' })).toBeNull();
    expect(goneReason({ status: 422, message: 'Ce champ est requis' })).toBeNull();
    expect(goneReason(undefined)).toBeNull();
  });
});
