import { createFileRoute } from '@tanstack/react-router';
import { guards } from '../guards/registry';
import { VillageHomePage } from '../features/village-home/village-home-page';
import { LatestNews } from '../components/news/latest-news';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/home')({
  beforeLoad: guards('dashboard-home'),
  component: Screen,
});

function Screen() {
  const { id } = Route.useParams();
  return <VillageHomePage villageId={id} latestNews={<LatestNews villageId={id} />} />;
}
