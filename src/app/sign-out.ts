import { forgetPushOnSignOut } from '../domain/push/push-device';
import { signOut as endSession } from '../session/sign-out';

/**
 * Signing out, as the account page offers it: the session (src/session/sign-out.ts) and this device's push
 * subscription, which a shared device must not keep receiving the previous user's notifications with. Composed
 * here because the session sits below the features and must not import one. The push code is imported
 * statically: the account page, the one caller, already loads it with its notification settings.
 */
export function signOut() {
  // Started before the session is cleared (it reads the device's push record at once, and clearing removes it),
  // awaited after. The server's logout also drops the subscription there (it belongs to the session): this is
  // the device's side.
  return endSession((token) =>
    forgetPushOnSignOut(token).catch((error: unknown) => console.warn('Push subscription not forgotten', error)),
  );
}
