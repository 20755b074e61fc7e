import { createFileRoute } from '@tanstack/react-router';
import { MembersPage } from '../features/manage/members-page';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/manage/members')({
  component: Screen,
});

function Screen() {
  const { id } = Route.useParams();
  return <MembersPage villageId={id} />;
}
