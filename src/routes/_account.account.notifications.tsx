import { createFileRoute } from '@tanstack/react-router';
import { NotificationSettingsPage } from '../features/notification-settings/notification-settings-page';

export const Route = createFileRoute('/_account/account/notifications')({
  component: NotificationSettingsPage,
});
