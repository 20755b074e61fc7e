import { createFileRoute } from '@tanstack/react-router';
import { ManagePage } from '../features/manage/manage-page';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/manage/')({
  component: Screen,
});

function Screen() {
  const { id } = Route.useParams();
  return <ManagePage villageId={id} />;
}
