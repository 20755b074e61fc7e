import { createFileRoute } from '@tanstack/react-router';
import { TunnelSearch } from '../features/creation/tunnel-search';
import { guardStep } from '../features/creation/tunnel-route-guards';
import { PeriodStep } from '../features/creation/period-step';

export const Route = createFileRoute('/_tunnel/create/village/period')({
  validateSearch: TunnelSearch,
  beforeLoad: ({ search }) => guardStep('period', search.pcvi),
  component: Screen,
});

function Screen() {
  // guardStep sends a step without its pending village back to the reason: pcvi is there.
  const { pcvi } = Route.useSearch();
  return <PeriodStep pcvi={pcvi!} />;
}
