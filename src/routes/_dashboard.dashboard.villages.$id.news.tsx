import { createFileRoute } from '@tanstack/react-router';
import { guards } from '../guards/registry';
import { NewsPage } from '../features/news/news-page';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/news')({
  beforeLoad: guards('dashboard-news'),
  component: Screen,
});

function Screen() {
  const { id } = Route.useParams();
  return <NewsPage villageId={id} />;
}
