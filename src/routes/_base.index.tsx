import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../components/placeholder';
import { guards } from '../guards/registry';

export const Route = createFileRoute('/_base/')({
  beforeLoad: guards('user-auth', 'home'),
  component: () => <Placeholder title="Accueil" />,
});
