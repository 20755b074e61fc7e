import { createFileRoute } from '@tanstack/react-router';
import { guards } from '../guards/registry';
import { AccountLayout } from '../components/layouts/account-layout';

export const Route = createFileRoute('/_account')({
  beforeLoad: guards('user-auth'),
  component: AccountLayout,
});
