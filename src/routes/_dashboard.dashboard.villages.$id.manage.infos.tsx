import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../components/placeholder';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/manage/infos')({
  component: () => <Placeholder title="Présentation" />,
});
