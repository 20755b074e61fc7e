import { createFileRoute } from '@tanstack/react-router';
import { TunnelSearch } from '../features/creation/tunnel-search';
import { resumeCreation } from '../features/creation/tunnel-route-guards';

/** The tunnel's entry: a new village starts at the reason; `?pcvi=` resumes a pending one where it was left. */
export const Route = createFileRoute('/_tunnel/create/village/')({
  validateSearch: TunnelSearch,
  beforeLoad: ({ search }) => resumeCreation(search.pcvi),
});
