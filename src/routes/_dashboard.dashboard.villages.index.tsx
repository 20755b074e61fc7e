import { createFileRoute } from '@tanstack/react-router';
import { VillagesPage } from '../features/villages-list/villages-page';

export const Route = createFileRoute('/_dashboard/dashboard/villages/')({
  component: VillagesPage,
});
