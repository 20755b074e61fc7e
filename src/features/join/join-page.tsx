import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useEffectEvent, useReducer, useRef, useState, type FormEvent } from 'react';
import { TextField } from '../../components/form/text-field';
import { messages } from '../../contract/form-messages';
import { useCurrentUserId } from '../../domain/villages/village-reads';
import { toast } from '../../state/toasts';
import { villageDestination } from '../../domain/villages/village-summary';
import { localMembership, storeJoinedVillage, welcomeText } from '../../domain/villages/after-join';
import { BAD_LINK_TEXT, initialJoinState, joinReducer, normaliseShareCode, OFFLINE_WAITING_TEXT, type JoinState } from './join-state';
import { joinVillage } from '../../domain/villages/join-village';
import {
  clearPendingJoin,
  keepPendingJoin,
  onPendingJoinSettled,
  readPendingJoin,
  resumePendingJoin,
  startPendingJoin,
  type PendingJoinSettled,
} from '../../domain/villages/pending-join';
import './join.css';

const REQUIRED = messages.required;
const BAD_CODE = "Ce code n'est pas valide\u00a0: il est fait de lettres et de chiffres, par exemple ABCD2345.";

interface JoinPageProps {
  /** The `c` of the link, as it came; null when the page was opened without one. */
  linkCode: string | null;
  /** The `i` of an invitation's link: joining accepts that invitation. */
  invitationToken?: string | null;
}

function startingState(linkCode: string | null): JoinState {
  if (linkCode !== null) return normaliseShareCode(linkCode) ? initialJoinState() : initialJoinState(BAD_LINK_TEXT);
  // Opened again while a join waits for the network: say so rather than offer the form.
  const pending = readPendingJoin();
  return pending ? { status: 'offline-waiting', code: pending.code } : initialJoinState();
}

/**
 * Joining a village: from a link (`?c=CODE`) the join starts by itself; without one, the code is typed.
 * Already a member: straight to the village. Offline: the code is kept and sent when the network is back.
 */
export function JoinPage({ linkCode, invitationToken = null }: JoinPageProps) {
  const [state, dispatch] = useReducer(joinReducer, linkCode, startingState);
  const navigate = useNavigate();
  const userId = useCurrentUserId();
  const started = useRef(false);
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();

  const goToVillage = (village: { id: string; state: 1 | 2 | 3 } | undefined) =>
    navigate({ ...(village ? villageDestination(village) : { to: '/dashboard/villages' }), replace: true });

  const join = async (code: string, invitation: string | null = null) => {
    dispatch({ type: 'submit', code });
    const known = await localMembership(code);
    if (known) {
      dispatch({ type: 'joined', villageId: known.id });
      return void goToVillage(known);
    }
    const outcome = await joinVillage(code, invitation);
    switch (outcome.kind) {
      case 'joined': {
        const village = await storeJoinedVillage(outcome.villageId);
        toast.success(welcomeText(village));
        dispatch({ type: 'joined', villageId: outcome.villageId });
        return void goToVillage(village);
      }
      case 'refused':
      case 'retry-later':
        return dispatch({ type: 'refused', message: outcome.message });
      case 'offline':
        keepPendingJoin({ code, userId: userId ?? null, ...(invitation ? { invitationToken: invitation } : {}) });
        return dispatch({ type: 'offline' });
      case 'signed-out':
        // The expired-session path already takes the user to the login page.
        return;
    }
  };

  // An effect event: it reads the state and `join` of the render it runs after, without making them
  // reasons to run the start again.
  const startJoin = useEffectEvent(() => {
    const code = normaliseShareCode(linkCode);
    if (code) void join(code, invitationToken);
    else if (state.status === 'offline-waiting') void resumePendingJoin();
  });

  useEffect(() => {
    startPendingJoin();
    if (started.current || userId === undefined) return;
    started.current = true;
    // Once per page (the route gives each code its own page), as soon as the user is known.
    startJoin();
  }, [linkCode, userId]);

  // The kept join went through (or was refused) while this page waited. An effect event so that the one
  // subscription always compares with the current state.
  const onSettled = useEffectEvent(({ code, outcome, village }: PendingJoinSettled) => {
    if (state.status !== 'offline-waiting' || code !== state.code) return;
    if (outcome.kind === 'joined') {
      dispatch({ type: 'joined', villageId: outcome.villageId });
      void goToVillage(village);
    } else if (outcome.kind === 'refused') dispatch({ type: 'refused', message: outcome.message });
  });
  useEffect(() => onPendingJoinSettled((settled) => onSettled(settled)), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!typed.trim()) return setFieldError(REQUIRED);
    const code = normaliseShareCode(typed);
    if (!code) return setFieldError(BAD_CODE);
    setFieldError(undefined);
    void join(code);
  };

  const cancelWaiting = () => {
    clearPendingJoin();
    dispatch({ type: 'reset' });
  };

  return (
    <section className="join-page" aria-labelledby="join-title">
      <h1 id="join-title">Rejoindre un village</h1>
      <div aria-live="polite">
        {state.status === 'joining' ? <p className="join-progress">Connexion au village…</p> : null}
        {state.status === 'joined' ? <p className="join-progress">Vous avez rejoint le village.</p> : null}
      </div>
      {state.status === 'offline-waiting' ? (
        <div className="notice join-waiting" role="status">
          <p>{OFFLINE_WAITING_TEXT}</p>
          <p>
            Code du village&nbsp;: <strong>{state.code}</strong>
          </p>
          <button type="button" className="secondary" onClick={cancelWaiting}>
            Ne plus attendre
          </button>
        </div>
      ) : null}
      {state.status === 'refused' ? (
        <div className="form-alert join-refused" role="alert">
          <p>{state.message}</p>
          <p>
            <Link to="/dashboard/villages">Retour à mes villages</Link>
          </p>
        </div>
      ) : null}
      {state.status === 'idle' || state.status === 'refused' ? (
        <form className="join-form" onSubmit={submit} noValidate>
          {state.status === 'idle' && state.notice ? <p className="notice">{state.notice}</p> : null}
          <p>Saisissez le code que la personne qui a créé le village vous a transmis.</p>
          <TextField
            label="Code du village"
            name="share_code"
            value={typed}
            onChange={setTyped}
            error={fieldError}
            hint="Par exemple ABCD2345&nbsp;: il figure aussi dans le lien d'invitation."
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
          <button type="submit" className="submit">
            Rejoindre
          </button>
        </form>
      ) : null}
    </section>
  );
}
