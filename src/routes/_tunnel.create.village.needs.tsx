import { createFileRoute } from '@tanstack/react-router';
import { TunnelSearch } from '../features/creation/tunnel-search';
import { guardStep } from '../features/creation/tunnel-route-guards';
import { NeedsStep } from '../features/creation/needs-step';

export const Route = createFileRoute('/_tunnel/create/village/needs')({
  validateSearch: TunnelSearch,
  beforeLoad: ({ search }) => guardStep('needs', search.pcvi),
  component: Screen,
});

function Screen() {
  // guardStep sends a step without its pending village back to the reason: pcvi is there.
  const { pcvi } = Route.useSearch();
  return <NeedsStep pcvi={pcvi!} />;
}
