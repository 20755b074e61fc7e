import { createFileRoute } from '@tanstack/react-router';
import { PresentationPage } from '../features/manage/manage-sub-pages';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/manage/infos')({
  component: Screen,
});

function Screen() {
  const { id } = Route.useParams();
  return <PresentationPage villageId={id} />;
}
