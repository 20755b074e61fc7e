import { createFileRoute } from '@tanstack/react-router';
import { prefetchVillage } from '../domain/villages/prefetch-village';
import { PeriodPage } from '../features/manage/manage-sub-pages';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/manage/period')({
  loader: prefetchVillage,
  component: Screen,
});

function Screen() {
  const { id } = Route.useParams();
  return <PeriodPage villageId={id} />;
}
