import { createFileRoute } from '@tanstack/react-router';
import { guards } from '../guards/registry';
import { VillageHomePage } from '../features/village-home/village-home-page';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/home')({
  beforeLoad: guards('dashboard-home'),
  component: Screen,
});

function Screen() {
  const { id } = Route.useParams();
  return <VillageHomePage villageId={id} />;
}
