import { createFileRoute } from '@tanstack/react-router';
import { HomeInfosPage } from '../features/manage/manage-sub-pages';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/manage/home-infos')({
  component: Screen,
});

function Screen() {
  const { id } = Route.useParams();
  return <HomeInfosPage villageId={id} />;
}
