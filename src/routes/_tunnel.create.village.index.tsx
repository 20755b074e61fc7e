import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../components/placeholder';

export const Route = createFileRoute('/_tunnel/create/village/')({
  component: () => <Placeholder title="Créer un village" />,
});
