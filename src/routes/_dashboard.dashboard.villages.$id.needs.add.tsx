import { createFileRoute } from '@tanstack/react-router';
import { guards } from '../guards/registry';
import { AddNeedPage } from '../features/needs/add-need-page';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/needs/add')({
  beforeLoad: guards('dashboard-needs'),
  component: Screen,
});

function Screen() {
  const { id } = Route.useParams();
  return <AddNeedPage villageId={id} />;
}
