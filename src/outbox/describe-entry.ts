import { DateTime } from 'luxon';
import type { OutboxEntry } from '../db/database';

const when = (iso: string) =>
  DateTime.fromISO(iso, { zone: 'Europe/Paris' }).setLocale('fr').toFormat("cccc d LLLL 'à' H'h'mm").replace(/h00$/, ' h');

/** What a queued write was, in French, for the list of changes that could not be sent. */
export function describeEntry(entry: OutboxEntry): string {
  const p = entry.payload as Record<string, any>;
  switch (entry.kind) {
    case 'create-need':
      return p.input?.name ? `Ajout du besoin « ${p.input.name} »` : "Ajout d'un besoin";
    case 'update-need':
      return p.input?.name ? `Modification du besoin « ${p.input.name} »` : "Modification d'un besoin";
    case 'delete-need':
      return "Suppression d'un besoin";
    case 'add-help':
      return p.input?.start_date ? `Proposition d'aide du ${when(p.input.start_date)}` : "Proposition d'aide";
    case 'delete-help':
      return "Retrait d'une aide";
    case 'refuse-help':
      return "Refus d'une aide";
    case 'send-message': {
      const body = String(p.input?.body ?? '');
      return `Message « ${body.length > 40 ? `${body.slice(0, 40)}…` : body} »`;
    }
    case 'update-village':
      return 'Modification du village';
    default:
      return 'Modification';
  }
}

/** "1 modification en attente", "2 modifications en attente". */
export const pendingText = (count: number) => `${count} modification${count > 1 ? 's' : ''} en attente`;
export const failedText = (count: number) =>
  count > 1 ? `${count} modifications n'ont pas pu être envoyées` : "1 modification n'a pas pu être envoyée";
