import { createFileRoute } from '@tanstack/react-router';
import { guards } from '../guards/registry';
import { AddHelpPage } from '../features/needs/helps/add-help-page';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/needs/$need_id/helps/add')({
  beforeLoad: guards('dashboard-needs'),
  component: Screen,
});

function Screen() {
  const { id, need_id } = Route.useParams();
  return <AddHelpPage villageId={id} needId={need_id} />;
}
