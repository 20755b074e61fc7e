import { createFileRoute } from '@tanstack/react-router';
import { TunnelSearch } from '../features/creation/tunnel-search';
import { guardStep } from '../features/creation/tunnel-route-guards';
import { ReasonStep } from '../features/creation/reason-step';

export const Route = createFileRoute('/_tunnel/create/village/reason')({
  validateSearch: TunnelSearch,
  beforeLoad: ({ search }) => guardStep('reason', search.pcvi),
  component: Screen,
});

function Screen() {
  const { pcvi } = Route.useSearch();
  return <ReasonStep pcvi={pcvi} />;
}
