import { createFileRoute } from '@tanstack/react-router';
import { guards } from '../guards/registry';
import { ChatPage } from '../features/chat/chat-page';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/chat')({
  beforeLoad: guards('dashboard-chat'),
  component: Screen,
});

function Screen() {
  const { id } = Route.useParams();
  return <ChatPage villageId={id} />;
}
