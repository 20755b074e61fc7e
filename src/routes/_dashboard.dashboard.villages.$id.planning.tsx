import { createFileRoute } from '@tanstack/react-router';
import { guards } from '../guards/registry';
import { prefetchVillage } from '../village-data/prefetch-village';
import { PlanningPage } from '../features/planning/planning-page';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/planning')({
  beforeLoad: guards('dashboard-planning'),
  loader: prefetchVillage,
  component: function PlanningRoute() {
    const { id } = Route.useParams();
    return <PlanningPage villageId={id} />;
  },
});
