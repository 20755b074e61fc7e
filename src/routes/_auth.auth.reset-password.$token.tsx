import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../components/placeholder';

export const Route = createFileRoute('/_auth/auth/reset-password/$token')({
  component: () => <Placeholder title="Nouveau mot de passe" />,
});
