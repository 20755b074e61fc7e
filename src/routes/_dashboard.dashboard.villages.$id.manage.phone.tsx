import { createFileRoute } from '@tanstack/react-router';
import { PhonePage } from '../features/manage/manage-sub-pages';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/manage/phone')({
  component: Screen,
});

function Screen() {
  const { id } = Route.useParams();
  return <PhonePage villageId={id} />;
}
