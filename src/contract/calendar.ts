import * as v from 'valibot';

/**
 * A secret calendar address (iCalendar subscription), answered by POST /v1/users/me/calendar and
 * POST /v1/villages/{id}/calendar. Each POST issues a new address and revokes the previous one.
 */
export const CalendarFeed = v.object({
  url: v.pipe(v.string(), v.url()),
});
export type CalendarFeed = v.InferOutput<typeof CalendarFeed>;
