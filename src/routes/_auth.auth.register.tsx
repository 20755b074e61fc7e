import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../components/placeholder';

export const Route = createFileRoute('/_auth/auth/register')({
  component: () => <Placeholder title="Créer un compte" />,
});
