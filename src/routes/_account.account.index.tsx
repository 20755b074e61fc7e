import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../components/placeholder';

export const Route = createFileRoute('/_account/account/')({
  component: () => <Placeholder title="Mon compte" />,
});
