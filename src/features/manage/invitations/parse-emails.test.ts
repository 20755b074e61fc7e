import { describe, expect, it } from 'vitest';
import { parseEmails } from './parse-emails';

describe('the addresses typed to invite', () => {
  it('are read separated by commas, semicolons, spaces or new lines, lower-cased, each once', () => {
    expect(parseEmails(' Marc@Exemple.fr, lea@exemple.fr;\nmarc@exemple.fr  tom@exemple.fr\n')).toEqual({
      ok: true,
      emails: ['marc@exemple.fr', 'lea@exemple.fr', 'tom@exemple.fr'],
    });
  });

  it('name the wrong ones in French', () => {
    expect(parseEmails('marc@exemple.fr, marc.exemple.fr')).toEqual({
      ok: false,
      message: 'Cette adresse n’est pas valide\u00a0: marc.exemple.fr',
    });
    expect(parseEmails('a@, b@exemple.fr, c')).toEqual({ ok: false, message: 'Ces adresses ne sont pas valides\u00a0: a@, c' });
    expect(parseEmails(' \n ')).toEqual({ ok: false, message: 'Indiquez au moins une adresse e-mail' });
  });

  it('are at most 50 a time', () => {
    const many = Array.from({ length: 51 }, (_, i) => `ami${i}@exemple.fr`).join('\n');
    expect(parseEmails(many)).toEqual({ ok: false, message: 'Pas plus de 50 adresses à la fois (51 saisies)' });
    expect(parseEmails(many.split('\n').slice(1).join(',')).ok).toBe(true);
  });
});
