import { call } from '../../api/client';
import { issueMyCalendar, revokeMyCalendar } from '../../contract/endpoints/calendar';
import { issueVillageCalendar, revokeVillageCalendar } from '../../contract/endpoints/calendar';

/** Whose calendar: the user's own slots, or one village's planning. */
export type CalendarScope = { kind: 'user' } | { kind: 'village'; villageId: string };

/** A new secret address; the server revokes the previous one. Never queued offline: the address is needed at once. */
export const createCalendarFeed = (scope: CalendarScope) =>
  scope.kind === 'user' ? call(issueMyCalendar, {}) : call(issueVillageCalendar, { params: { id: scope.villageId } });

export const revokeCalendarFeed = (scope: CalendarScope) =>
  scope.kind === 'user' ? call(revokeMyCalendar, {}) : call(revokeVillageCalendar, { params: { id: scope.villageId } });
