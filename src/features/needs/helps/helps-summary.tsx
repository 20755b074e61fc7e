import type { Help } from '../../../contract';
import { formatHelpSlot } from '../../../contract/french-time';
import { splitHelps } from '../../../domain/helps/split-helps';

const count = (n: number) => (n === 1 ? '1 aide' : `${n} aides`);

/** A need's helps at a glance: how many today and to come, and when the next one is. */
export function HelpsSummary({ helps }: { helps: Help[] }) {
  const { today, upcoming, past } = splitHelps(helps);
  const next = today[0] ?? upcoming[0];
  if (!next) {
    return (
      <p className="helps-summary">
        {past.length
          ? `Aucune aide prévue pour le moment (${count(past.length)} passée${past.length > 1 ? 's' : ''}).`
          : 'Aucune aide prévue pour le moment.'}
      </p>
    );
  }
  return (
    <div className="helps-summary">
      <p>
        Aujourd’hui&nbsp;: {count(today.length)} · À venir&nbsp;: {count(upcoming.length)}
      </p>
      <p>Prochaine aide&nbsp;: {formatHelpSlot(next.start_date, next.end_date)}</p>
    </div>
  );
}
