import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../components/placeholder';

export const Route = createFileRoute('/_tunnel/create/village/reason')({
  component: () => <Placeholder title="Pourquoi ce village ?" />,
});
