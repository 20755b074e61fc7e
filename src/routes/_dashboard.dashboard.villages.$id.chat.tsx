import { createFileRoute } from '@tanstack/react-router';
import { guards } from '../guards/registry';
import { prefetchVillage } from '../domain/villages/prefetch-village';
import { ChatPage } from '../features/chat/chat-page';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/chat')({
  beforeLoad: guards('dashboard-chat'),
  loader: prefetchVillage,
  component: Screen,
});

function Screen() {
  const { id } = Route.useParams();
  return <ChatPage villageId={id} />;
}
