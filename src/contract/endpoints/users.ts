import { endpoint } from '../endpoint';
import { AddPasswordInput } from '../add-password';
import { UpdateUserInput, User } from '../users';

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

export const sendEmailVerification = endpoint({
  name: 'sendEmailVerification',
  method: 'POST',
  path: '/v1/users/me/email_verification',
  summary: 'Mail a new verification link to one’s address (204; rate-limited; 409 when already verified)',
  status: 204,
});

export const addPassword = endpoint({
  name: 'addPassword',
  method: 'POST',
  path: '/v1/users/me/password',
  summary: 'Add a password to one’s account that has none (204; 409 when it has one: the reset link changes it)',
  status: 204,
  body: AddPasswordInput,
});
