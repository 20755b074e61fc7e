import { createFileRoute } from '@tanstack/react-router';
import { guards } from '../guards/registry';
import { BaseLayout } from '../components/layouts/base-layout';

export const Route = createFileRoute('/_base')({
  beforeLoad: guards('user-auth'),
  component: BaseLayout,
});
