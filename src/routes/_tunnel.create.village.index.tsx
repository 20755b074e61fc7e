import { createFileRoute } from '@tanstack/react-router';
import { TunnelSearch, resumeCreation } from '../features/creation/tunnel-routing';

/** The tunnel's entry: a new village starts at the reason; `?pcvi=` resumes a pending one where it was left. */
export const Route = createFileRoute('/_tunnel/create/village/')({
  validateSearch: TunnelSearch,
  beforeLoad: ({ search }) => resumeCreation(search.pcvi),
});
