import { createFileRoute } from '@tanstack/react-router';
import { prefetchVillage } from '../domain/villages/prefetch-village';
import { WaitingValidationPage } from '../features/creation/waiting-validation-page';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/waiting-validation')({
  loader: prefetchVillage,
  component: Screen,
});

function Screen() {
  const { id } = Route.useParams();
  return <WaitingValidationPage villageId={id} />;
}
