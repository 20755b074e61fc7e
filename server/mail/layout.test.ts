import { describe, expect, it } from 'vitest';
import { frenchDateTime } from './french-date';
import { layout } from './layout';

describe('the mail layout', () => {
  const mail = layout('Un créneau pour « Dîner »', {
    greeting: 'Bonjour Zoé,',
    paragraphs: ['Merci <3 : vous apportez le dîner de "Jeanne" & Paul.'],
    action: { intro: 'Pour voir le créneau :', label: 'Voir le créneau', url: 'https://village.example/villages/1?a=1&b=2' },
    closing: ['À bientôt.'],
    footer: ['Vous recevez ce message parce que vous faites partie du village de Jeanne.'],
  });

  it('says the same in the text part as in the HTML part, in order, with the link in full', () => {
    expect(mail.subject).toBe('Un créneau pour « Dîner »');
    expect(mail.text).toBe(
      [
        'Bonjour Zoé,',
        // French typography: a non-breaking space before each colon (contract/french-time.ts's frenchSpaces).
        'Merci <3\u00a0: vous apportez le dîner de "Jeanne" & Paul.',
        'Pour voir le créneau\u00a0:',
        'https://village.example/villages/1?a=1&b=2',
        'À bientôt.',
        "L'équipe Village",
        '--\nVous recevez ce message parce que vous faites partie du village de Jeanne.',
      ].join('\n\n') + '\n',
    );
    const html = mail.html;
    const order = ['Bonjour Zoé,', 'Merci &lt;3', 'Voir le créneau', 'À bientôt.', 'L&#39;équipe Village', 'Vous recevez ce message'];
    const positions = order.map((s) => html.indexOf(s));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('is accessible, inline-styled, escaped and needs no remote image', () => {
    const html = mail.html;
    expect(html).toMatch(/^<!doctype html>\n<html lang="fr">/);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<title>Un créneau pour « Dîner »</title>');
    expect(html).toContain('>Village</p>');
    expect(html).toContain('vous apportez le dîner de &quot;Jeanne&quot; &amp; Paul.');
    expect(html).toContain('href="https://village.example/villages/1?a=1&amp;b=2"');
    expect(html).not.toMatch(/<img|<link|<script|<style|url\(/i);
    // Layout tables are announced as presentation to screen readers.
    expect(html.match(/<table /g)!.length).toBe(html.match(/<table role="presentation"/g)!.length);
  });

  it('leaves out the footer and the action when a mail has none', () => {
    const plain = layout('Bonjour', { greeting: 'Bonjour Léa,', paragraphs: ['Un mot.'] });
    expect(plain.text).toBe("Bonjour Léa,\n\nUn mot.\n\nL'équipe Village\n");
    expect(plain.html).not.toContain('<a ');
    expect(plain.html).not.toContain('border-top');
  });
});

describe('dates in mails', () => {
  const now = new Date('2025-11-20T09:00:00Z');

  it('reads as French speakers write them, in the village zone', () => {
    expect(frenchDateTime(new Date('2025-11-27T18:00:00Z'), 'Europe/Paris', now)).toBe('jeudi 27\u00a0novembre à 19\u00a0h');
    expect(frenchDateTime(new Date('2025-11-28T07:30:00Z'), 'Europe/Paris', now)).toBe('vendredi 28\u00a0novembre à 8\u00a0h\u00a030');
    // Summer time: 17 h UTC is 19 h in Paris.
    expect(frenchDateTime(new Date('2025-07-03T17:00:00Z'), 'Europe/Paris', now)).toBe('jeudi 3\u00a0juillet à 19\u00a0h');
  });

  it('names the year only when it is not the current one', () => {
    expect(frenchDateTime(new Date('2026-01-03T07:00:00Z'), 'Europe/Paris', now)).toBe('samedi 3\u00a0janvier 2026 à 8\u00a0h');
  });
});
