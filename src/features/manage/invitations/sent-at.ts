const day = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long' });
const hour = new Intl.DateTimeFormat('fr-FR', { hour: 'numeric', minute: '2-digit', hourCycle: 'h23' });

/** "le 24 novembre à 10 h 05", as the app says a time to people (not "10:05"). */
export function sentAt(iso: string): string {
  const at = new Date(iso);
  const [h, m] = hour.format(at).split(':');
  return `le ${day.format(at)} à ${Number(h)} h${m === '00' ? '' : ` ${m}`}`;
}
