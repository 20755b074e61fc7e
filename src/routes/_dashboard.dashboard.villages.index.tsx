import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../components/placeholder';

export const Route = createFileRoute('/_dashboard/dashboard/villages/')({
  component: () => <Placeholder title="Mes villages" />,
});
