import { createFileRoute } from '@tanstack/react-router';
import { guards } from '../guards/registry';
import { DashboardLayout } from '../app/layouts/dashboard-layout';
import { withQueries } from '../components/layouts/with-queries';

export const Route = createFileRoute('/_dashboard')({
  beforeLoad: guards('user-auth', 'dashboard'),
  component: withQueries(DashboardLayout),
});
