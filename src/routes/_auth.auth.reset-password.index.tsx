import { createFileRoute } from '@tanstack/react-router';
import { RequestResetForm } from '../features/auth/request-reset-form';

export const Route = createFileRoute('/_auth/auth/reset-password/')({
  component: RequestResetForm,
});
