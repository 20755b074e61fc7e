import { createFileRoute } from '@tanstack/react-router';
import { guards } from '../guards/registry';
import { VillageInfosPage } from '../features/village-infos/village-infos-page';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/infos')({
  beforeLoad: guards('dashboard-infos'),
  component: Screen,
});

function Screen() {
  const { id } = Route.useParams();
  return <VillageInfosPage villageId={id} />;
}
