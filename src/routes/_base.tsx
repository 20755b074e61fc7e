import { createFileRoute } from '@tanstack/react-router';
import { guards } from '../guards/registry';
import { BaseLayout } from '../app/layouts/base-layout';
import { withQueries } from '../components/layouts/with-queries';

export const Route = createFileRoute('/_base')({
  beforeLoad: guards('user-auth'),
  component: withQueries(BaseLayout),
});
