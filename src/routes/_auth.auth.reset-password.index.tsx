import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../components/placeholder';

export const Route = createFileRoute('/_auth/auth/reset-password/')({
  component: () => <Placeholder title="Mot de passe oublié" />,
});
