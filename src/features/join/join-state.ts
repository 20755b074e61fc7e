/**
 * What the join page shows, as a pure state machine: idle (the form) → joining → joined, refused (the
 * server's message, the form again) or offline-waiting (the code is kept and sent when the network is back).
 */
export type JoinState =
  | { status: 'idle'; notice?: string }
  | { status: 'joining'; code: string }
  | { status: 'joined'; villageId: string }
  | { status: 'refused'; code: string; message: string }
  | { status: 'offline-waiting'; code: string };

export type JoinEvent =
  | { type: 'submit'; code: string }
  | { type: 'joined'; villageId: string }
  | { type: 'refused'; message: string }
  | { type: 'offline' }
  | { type: 'reset'; notice?: string };

export const OFFLINE_WAITING_TEXT = 'Vous êtes hors ligne\u00a0: nous rejoindrons le village dès que la connexion reviendra.';
export const BAD_LINK_TEXT = "Ce lien d'invitation n'est pas valide. Saisissez le code du village.";

export const initialJoinState = (notice?: string): JoinState => (notice ? { status: 'idle', notice } : { status: 'idle' });

/** Events that make no sense in the current state change nothing (a late answer after a reset, say). */
export function joinReducer(state: JoinState, event: JoinEvent): JoinState {
  switch (event.type) {
    case 'submit':
      return state.status === 'joining' || state.status === 'joined' ? state : { status: 'joining', code: event.code };
    case 'joined':
      return state.status === 'joining' || state.status === 'offline-waiting' ? { status: 'joined', villageId: event.villageId } : state;
    case 'refused':
      return state.status === 'joining' || state.status === 'offline-waiting'
        ? { status: 'refused', code: state.code, message: event.message }
        : state;
    case 'offline':
      return state.status === 'joining' ? { status: 'offline-waiting', code: state.code } : state;
    case 'reset':
      return state.status === 'joining' ? state : initialJoinState(event.notice);
  }
}

/** A share code as people type or paste it: spaces dropped, upper case. Null when it cannot be one. */
export function normaliseShareCode(raw: unknown): string | null {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const code = String(raw).replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z0-9]{4,32}$/.test(code) ? code : null;
}
