import { createFileRoute } from '@tanstack/react-router';
import { prefetchVillage } from '../domain/villages/prefetch-village';
import { MembersPage } from '../features/manage/members-page';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/manage/members')({
  loader: prefetchVillage,
  component: Screen,
});

function Screen() {
  const { id } = Route.useParams();
  return <MembersPage villageId={id} />;
}
