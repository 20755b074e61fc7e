import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../components/placeholder';

export const Route = createFileRoute('/_tunnel/create/village/period')({
  component: () => <Placeholder title="La période" />,
});
