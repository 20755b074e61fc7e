import { endpoint } from '../endpoint';
import { UpdateUserInput, User } from '../users';
import { CalendarFeed } from '../calendar';
import { NotificationSettings, UpdateNotificationSettingsInput } from '../notification-settings';

export const getMe = endpoint({
  name: 'getMe',
  method: 'GET',
  path: '/v1/users/me',
  summary: 'The signed-in user',
  answer: { data: User },
});

export const updateUser = endpoint({
  name: 'updateUser',
  method: 'PUT',
  path: '/v1/users/{id}',
  summary: 'Change one’s own profile',
  body: UpdateUserInput,
  answer: { data: User },
});

export const uploadUserPhoto = endpoint({
  name: 'uploadUserPhoto',
  method: 'POST',
  path: '/v1/users/{id}/photo',
  summary: 'Replace one’s own photo (multipart field `photo`)',
  status: 200,
  body: 'multipart',
  answer: { data: User },
});

export const deleteUser = endpoint({ name: 'deleteUser', method: 'DELETE', path: '/v1/users/{id}', summary: 'Delete one’s own account' });

export const issueMyCalendar = endpoint({
  name: 'issueMyCalendar',
  method: 'POST',
  path: '/v1/users/me/calendar',
  summary: 'A new secret calendar address for my slots (the previous one stops working)',
  answer: { data: CalendarFeed },
});

export const revokeMyCalendar = endpoint({
  name: 'revokeMyCalendar',
  method: 'DELETE',
  path: '/v1/users/me/calendar',
  summary: 'Stop my calendar address',
});

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

export const sendEmailVerification = endpoint({
  name: 'sendEmailVerification',
  method: 'POST',
  path: '/v1/users/me/email_verification',
  summary: 'Mail a new verification link to one’s address (204; rate-limited; 409 when already verified)',
  status: 204,
});
