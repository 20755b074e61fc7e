import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { helpConfirmationMail } from './confirmation-mail';
import { helpEventAttachment, whenSentence, type HelpMailPayload } from './help-event';
import { helpReminderMail } from './reminder-mail';

const PUBLIC_URL = 'https://village.example';
const NOW = new Date('2026-11-20T09:00:00Z');

const payload = (change: Partial<HelpMailPayload> = {}): HelpMailPayload => ({
  village_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
  village_name: 'Le village de Jeanne',
  need_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c',
  need_name: 'Nuit auprès de Jeanne',
  help_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5d',
  first_name: 'Hugo',
  // Thursday 26 November at 21 h in Paris, until Friday at 8 h.
  start_date: '2026-11-26T20:00:00.000Z',
  end_date: '2026-11-27T07:00:00.000Z',
  time_zone: 'Europe/Paris',
  address: null,
  access: null,
  people: null,
  diet: null,
  description: null,
  note: null,
  ...change,
});

const event = (p: HelpMailPayload) =>
  new ICAL.Event(new ICAL.Component(ICAL.parse(helpEventAttachment(p, PUBLIC_URL, NOW).content)).getFirstSubcomponent('vevent')!);

describe('what a mail about a help says', () => {
  it('names the day a slot ends when it ends after midnight, and the year of a slot next year', () => {
    expect(whenSentence(payload(), NOW)).toBe("jeudi 26\u00a0novembre à 21\u00a0h, jusqu'au vendredi 27\u00a0novembre à 8\u00a0h");
    expect(whenSentence(payload({ start_date: '2027-01-07T08:30:00.000Z', end_date: null }), NOW)).toBe(
      'jeudi 7\u00a0janvier 2027 à 9\u00a0h\u00a030',
    );
  });

  it('gives a help without an end an hour in the calendar, and no empty place or description', () => {
    const e = event(payload({ end_date: null }));
    expect(e.endDate.toJSDate().getTime() - e.startDate.toJSDate().getTime()).toBe(3600 * 1000);
    expect(e.location).toBeNull();
    expect(e.description).toBeNull();
    const detailed = event(payload({ note: 'Je dors sur le canapé', diet: 'Sans sel', people: 1 }));
    expect(detailed.description).toBe('Je dors sur le canapé\n\nNombre de personnes\u00a0: 1\nRégime et allergies\u00a0: Sans sel');
  });

  it('says "demain" the evening before, "aujourd’hui" when the reminder leaves late, and leaves out the lines it has nothing for', () => {
    const p = payload();
    expect(helpReminderMail.render(p, { publicUrl: PUBLIC_URL, now: new Date('2026-11-25T18:00:00Z') }).subject).toBe(
      'Rappel\u00a0: demain, Nuit auprès de Jeanne à 21\u00a0h',
    );
    expect(helpReminderMail.render(p, { publicUrl: PUBLIC_URL, now: new Date('2026-11-26T07:00:00Z') }).subject).toBe(
      'Rappel\u00a0: aujourd’hui, Nuit auprès de Jeanne à 21\u00a0h',
    );
    const confirmation = helpConfirmationMail.render(p, { publicUrl: PUBLIC_URL, now: NOW });
    expect(confirmation.text).not.toMatch(/Où\u00a0:|Accès\u00a0:|Votre mot\u00a0:/);
    // Without an unsubscribe context (never so once queued) there is still a reason, and no dead link.
    expect(confirmation.text).toContain(
      'Vous recevez ce message parce que vous avez proposé votre aide dans «\u00a0Le village de Jeanne\u00a0».',
    );
  });
});
