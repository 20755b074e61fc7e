import { createFileRoute } from '@tanstack/react-router';
import { WaitingValidationPage } from '../features/creation/waiting-validation-page';

export const Route = createFileRoute('/_dashboard/dashboard/villages/$id/waiting-validation')({
  component: Screen,
});

function Screen() {
  const { id } = Route.useParams();
  return <WaitingValidationPage villageId={id} />;
}
