import { endpoint } from '../endpoint';
import { ChangePasswordInput, CheckResetTokenInput, RegisterInput, ResetPasswordInput, VerifyEmailInput } from '../auth';
import { Session } from '../session';

export const register = endpoint({
  name: 'register',
  method: 'POST',
  path: '/v1/auth/register',
  summary: 'Create an account and sign in (the password is optional)',
  auth: false,
  body: RegisterInput,
  answer: { data: Session },
});

export const requestPasswordReset = endpoint({
  name: 'requestPasswordReset',
  method: 'POST',
  path: '/v1/auth/reset-password',
  summary: 'Mail a password reset link (always 204)',
  auth: false,
  body: ResetPasswordInput,
});

export const checkResetToken = endpoint({
  name: 'checkResetToken',
  method: 'POST',
  path: '/v1/auth/check-reset-password-token',
  summary: 'Whether a reset link is still valid',
  auth: false,
  body: CheckResetTokenInput,
});

export const changePassword = endpoint({
  name: 'changePassword',
  method: 'PUT',
  path: '/v1/auth/change-password',
  summary: 'Change the password (with the current one, or a reset token)',
  auth: false,
  body: ChangePasswordInput,
});

export const verifyEmail = endpoint({
  name: 'verifyEmail',
  method: 'POST',
  path: '/v1/auth/verify-email',
  summary: 'Verify an address with the token of the link mailed to it (204; a used or expired token: 410)',
  auth: false,
  status: 204,
  body: VerifyEmailInput,
});
