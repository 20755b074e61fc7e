import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guards } from '../guards/registry';
import { JoinPage } from '../features/join/join-page';

/**
 * The spec's join link: `c` the share code, `rli` where the visitor came from (`jv`). The router's search
 * parser turns a code made only of digits into a number: it is read back as text.
 */
const JoinSearch = v.object({
  c: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String))),
  rli: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String))),
  /** An invitation's token (the mailed link's `i`): joining accepts the invitation. */
  i: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String))),
});

export const Route = createFileRoute('/_base/join/village')({
  beforeLoad: guards('user-auth'),
  validateSearch: (search: Record<string, unknown>) => {
    const parsed = v.safeParse(JoinSearch, search);
    return parsed.success ? parsed.output : {};
  },
  component: JoinRoute,
});

function JoinRoute() {
  const { c, i } = Route.useSearch();
  // A new code (another link opened in the running app) starts a new join.
  return <JoinPage key={c ?? ''} linkCode={c ?? null} invitationToken={i ?? null} />;
}
