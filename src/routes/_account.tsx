import { createFileRoute } from '@tanstack/react-router';
import { guards } from '../guards/registry';
import { AccountLayout } from '../components/layouts/account-layout';
import { withQueries } from '../components/layouts/with-queries';

export const Route = createFileRoute('/_account')({
  beforeLoad: guards('user-auth'),
  component: withQueries(AccountLayout),
});
