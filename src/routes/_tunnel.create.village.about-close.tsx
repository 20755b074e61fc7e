import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../components/placeholder';

export const Route = createFileRoute('/_tunnel/create/village/about-close')({
  component: () => <Placeholder title="La personne aidée" />,
});
