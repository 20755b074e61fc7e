import { createFileRoute } from '@tanstack/react-router';
import { guards } from '../guards/registry';
import { TunnelLayout } from '../features/creation/tunnel-layout';
import { withQueries } from '../components/layouts/with-queries';

export const Route = createFileRoute('/_tunnel')({
  beforeLoad: guards('user-auth', 'tunnel-creation'),
  component: withQueries(TunnelLayout),
});
