import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../components/placeholder';
import { guards } from '../guards/registry';

export const Route = createFileRoute('/_base/join/village')({
  beforeLoad: guards('user-auth'),
  component: () => <Placeholder title="Rejoindre un village" />,
});
