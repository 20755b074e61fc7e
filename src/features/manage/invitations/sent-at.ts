import { formatClock, formatDayOfMonth } from '../../../contract/french-time';

/** "le 24 novembre à 10 h 05", as the app says a time to people (not "10:05"). */
export const sentAt = (iso: string) => `le ${formatDayOfMonth(iso)} à ${formatClock(iso)}`;
