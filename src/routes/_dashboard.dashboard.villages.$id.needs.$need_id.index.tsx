import { createFileRoute } from '@tanstack/react-router';
import { guards } from '../guards/registry';
import { NeedDetailPage } from '../features/needs/need-detail-page';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/needs/$need_id/')({
  beforeLoad: guards('dashboard-needs'),
  component: Screen,
});

function Screen() {
  const { id, need_id } = Route.useParams();
  return <NeedDetailPage key={need_id} villageId={id} needId={need_id} />;
}
