import { createFileRoute } from '@tanstack/react-router';
import { guards } from '../guards/registry';
import { TunnelLayout } from '../components/layouts/tunnel-layout';

export const Route = createFileRoute('/_tunnel')({
  beforeLoad: guards('user-auth', 'tunnel-creation'),
  component: TunnelLayout,
});
