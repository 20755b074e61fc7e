import { createFileRoute } from '@tanstack/react-router';
import { guards } from '../guards/registry';
import { prefetchVillage } from '../domain/villages/prefetch-village';
import { AddHelpPage } from '../features/needs/helps/add-help-page';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/needs/$need_id/helps/add')({
  beforeLoad: guards('dashboard-needs'),
  loader: prefetchVillage,
  component: Screen,
});

function Screen() {
  const { id, need_id } = Route.useParams();
  return <AddHelpPage villageId={id} needId={need_id} />;
}
