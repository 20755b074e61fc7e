import { createFileRoute } from '@tanstack/react-router';
import { prefetchVillage } from '../domain/villages/prefetch-village';
import { ManagePage } from '../features/manage/manage-page';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/manage/')({
  loader: prefetchVillage,
  component: Screen,
});

function Screen() {
  const { id } = Route.useParams();
  return <ManagePage villageId={id} />;
}
