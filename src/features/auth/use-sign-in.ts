import { useNavigate } from '@tanstack/react-router';
import type { Session } from '../../contract';
import { signIn } from '../../session/sign-in';

/** After login or register: keep the session, then load the app through the bootstrap page. */
export function useSignIn(redirect: string | undefined) {
  const navigate = useNavigate();
  return async (session: Session) => {
    const next = await signIn(session, redirect);
    await navigate({ to: next, replace: true });
  };
}
