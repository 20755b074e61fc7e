import { createFileRoute } from '@tanstack/react-router';
import { guards } from '../guards/registry';
import { PlanningPage } from '../features/planning/planning-page';

/** `?filtre=a-pourvoir`: the planning opens on the slots still to fill (the village home and list link there). */
export interface PlanningSearch {
  filtre?: 'a-pourvoir';
}

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/planning')({
  validateSearch: (search: Record<string, unknown>): PlanningSearch => (search.filtre === 'a-pourvoir' ? { filtre: 'a-pourvoir' } : {}),
  beforeLoad: guards('dashboard-planning'),
  component: function PlanningRoute() {
    const { id } = Route.useParams();
    const { filtre } = Route.useSearch();
    return <PlanningPage villageId={id} openOnly={filtre === 'a-pourvoir'} />;
  },
});
