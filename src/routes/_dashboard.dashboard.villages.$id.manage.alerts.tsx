import { createFileRoute } from '@tanstack/react-router';
import { GapAlertsPage } from '../features/manage/manage-sub-pages';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/manage/alerts')({
  component: Screen,
});

function Screen() {
  const { id } = Route.useParams();
  return <GapAlertsPage villageId={id} />;
}
