import { createFileRoute } from '@tanstack/react-router';
import { guards } from '../guards/registry';
import { prefetchVillage } from '../domain/villages/prefetch-village';
import { NeedDetailPage } from '../features/needs/need-detail-page';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/needs/$need_id/')({
  beforeLoad: guards('dashboard-needs'),
  loader: prefetchVillage,
  component: Screen,
});

function Screen() {
  const { id, need_id } = Route.useParams();
  return <NeedDetailPage key={need_id} villageId={id} needId={need_id} />;
}
