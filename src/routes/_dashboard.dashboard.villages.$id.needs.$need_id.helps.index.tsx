import { createFileRoute } from '@tanstack/react-router';
import { guards } from '../guards/registry';
import { HelpsPage } from '../features/needs/helps/helps-page';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/needs/$need_id/helps/')({
  beforeLoad: guards('dashboard-needs'),
  component: Screen,
});

function Screen() {
  const { id, need_id } = Route.useParams();
  return <HelpsPage villageId={id} needId={need_id} />;
}
