import { createFileRoute } from '@tanstack/react-router';
import { guards } from '../guards/registry';
import { AuthLayout } from '../components/layouts/auth-layout';

export const Route = createFileRoute('/_auth')({
  beforeLoad: guards('auth'),
  component: AuthLayout,
});
