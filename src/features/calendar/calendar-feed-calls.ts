import { call } from '../../api/client';
import { CalendarFeed } from '../../contract';

/** Whose calendar: the user's own slots, or one village's planning. */
export type CalendarScope = { kind: 'user' } | { kind: 'village'; villageId: string };

const path = (scope: CalendarScope) => (scope.kind === 'user' ? '/v1/users/me/calendar' : `/v1/villages/${scope.villageId}/calendar`);

/** A new secret address; the server revokes the previous one. Never queued offline: the address is needed at once. */
export const createCalendarFeed = (scope: CalendarScope) => call('POST', path(scope), { schema: CalendarFeed, showErrorPage: false });

export const revokeCalendarFeed = (scope: CalendarScope) => call('DELETE', path(scope), { showErrorPage: false });
