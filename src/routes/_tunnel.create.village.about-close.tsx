import { createFileRoute } from '@tanstack/react-router';
import { TunnelSearch } from '../features/creation/tunnel-search';
import { guardStep } from '../features/creation/tunnel-route-guards';
import { AboutCloseStep } from '../features/creation/about-close-step';

export const Route = createFileRoute('/_tunnel/create/village/about-close')({
  validateSearch: TunnelSearch,
  beforeLoad: ({ search }) => guardStep('about-close', search.pcvi),
  component: Screen,
});

function Screen() {
  // guardStep sends a step without its pending village back to the reason: pcvi is there.
  const { pcvi } = Route.useSearch();
  return <AboutCloseStep pcvi={pcvi!} />;
}
