import { signOut as endSession } from '../session/sign-out';

/**
 * Signing out, as the account page offers it: the session (src/session/sign-out.ts) and this device's push
 * subscription, which a shared device must not keep receiving the previous user's notifications with. Composed
 * here because the session sits below the features and must not import one.
 */
export async function signOut() {
  // Loaded on demand: the push code stays out of whatever bundle this module ends up in. Loaded before the
  // session is cleared: it reads the device's push record at once, and clearing the session removes it.
  // The server's logout also drops the subscription there (it belongs to the session): this is the device's side.
  const push = await import('../features/push/push-device').catch(() => null);
  await endSession(
    push
      ? (token) => push.forgetPushOnSignOut(token).catch((error: unknown) => console.warn('Push subscription not forgotten', error))
      : undefined,
  );
}
