import { createFileRoute } from '@tanstack/react-router';
import { PeriodPage } from '../features/manage/manage-sub-pages';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/manage/period')({
  component: Screen,
});

function Screen() {
  const { id } = Route.useParams();
  return <PeriodPage villageId={id} />;
}
