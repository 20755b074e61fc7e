import { createFileRoute } from '@tanstack/react-router';
import { TunnelSearch } from '../features/creation/tunnel-search';
import { guardStep } from '../features/creation/tunnel-route-guards';
import { InfosStep } from '../features/creation/infos-step';

export const Route = createFileRoute('/_tunnel/create/village/infos')({
  validateSearch: TunnelSearch,
  beforeLoad: ({ search }) => guardStep('infos', search.pcvi),
  component: Screen,
});

function Screen() {
  // guardStep sends a step without its pending village back to the reason: pcvi is there.
  const { pcvi } = Route.useSearch();
  return <InfosStep pcvi={pcvi!} />;
}
