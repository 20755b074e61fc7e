import { endpoint } from '../endpoint';
import { NotificationSettings, UpdateNotificationSettingsInput } from '../notification-settings';

export const getNotificationSettings = endpoint({
  name: 'getNotificationSettings',
  method: 'GET',
  path: '/v1/users/me/notification_settings',
  summary: 'What I am told, per kind and channel, and the villages I muted',
  answer: { data: NotificationSettings },
});

export const updateNotificationSettings = endpoint({
  name: 'updateNotificationSettings',
  method: 'PUT',
  path: '/v1/users/me/notification_settings',
  summary: 'Change some of my notification choices (the others stay); answers them all',
  body: UpdateNotificationSettingsInput,
  answer: { data: NotificationSettings },
});
