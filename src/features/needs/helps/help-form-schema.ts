import * as v from 'valibot';
import { CreateHelpInput, isoDate, messages, optionalText } from '../../../contract';
import { helpStartProblem } from '../../../contract/schedule';
import { parisToUtc } from '../../../contract/help-time';

/** What `<input type=time>` gives: "14:00", with seconds when a step asks for them. */
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const required = v.pipe(v.string(), v.nonEmpty(messages.required));

/**
 * The add-help form as typed: a Paris day and two times of that day. The end is checked here as the
 * contract checks it, so its message comes with the other fields' ones; toCreateHelpInput then has the
 * contract's final word.
 */
export const HelpSlotFields = v.pipe(
  v.object({
    date: v.pipe(required, isoDate),
    start_time: v.pipe(required, v.regex(TIME, messages.wrongType)),
    end_time: v.pipe(required, v.regex(TIME, messages.wrongType)),
    comment: optionalText(1000),
  }),
  v.forward(
    v.partialCheck(
      [['date'], ['start_time'], ['end_time']],
      ({ date, start_time, end_time }) => {
        const start = parisToUtc(date, start_time);
        const end = parisToUtc(date, end_time);
        return !start || !end || Date.parse(end) > Date.parse(start);
      },
      messages.endBeforeStart,
    ),
    ['end_time'],
  ),
);
export type HelpSlotFields = v.InferOutput<typeof HelpSlotFields>;

/** The form's field that shows each contract field's message. */
const FIELD_OF: Record<string, string> = { start_date: 'start_time', end_date: 'end_time', comment: 'comment' };

export type HelpInputResult = { ok: true; input: CreateHelpInput } | { ok: false; errors: { field: string; message: string }[] };

/**
 * The slot as the contract wants it, instants in UTC, checked by the contract itself (the end after the
 * start, among others) and by the server's rule on when a help may start (not past, not more than two years
 * ahead, same French message); its messages are given back at the form's fields.
 */
export function toCreateHelpInput(fields: HelpSlotFields, helperId: string, now: Date = new Date()): HelpInputResult {
  const candidate = {
    helper_id: helperId,
    start_date: parisToUtc(fields.date, fields.start_time),
    end_date: parisToUtc(fields.date, fields.end_time),
    comment: fields.comment,
  };
  const result = v.safeParse(CreateHelpInput, candidate);
  if (result.success) {
    const problem = helpStartProblem(result.output.start_date, now);
    return problem ? { ok: false, errors: [{ field: 'date', message: problem }] } : { ok: true, input: result.output };
  }
  return {
    ok: false,
    errors: result.issues.map((issue) => {
      const path = v.getDotPath(issue) ?? '';
      return { field: FIELD_OF[path] ?? path, message: issue.message };
    }),
  };
}
