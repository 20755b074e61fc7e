import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { getToken } from '../session/token';
import { currentDevice, homeScreenGuide, type HomeScreenGuide } from './home-screen-device';
import { dismissHomeScreen, homeScreenRecord, shouldOfferHomeScreen } from './home-screen-offer';
import { installEarned } from './install-prompt';
import './home-screen-sheet.css';

/** Lets the village's own screen (and its welcome toast) show before the sheet covers it. */
const SHOW_AFTER_MS = 1500;

/** iOS's share icon: a square with an arrow leaving it upwards. */
function ShareIcon() {
  return (
    <svg className="home-screen-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 3v12M8 7l4-4 4 4M8.5 10H6.5a1.5 1.5 0 0 0-1.5 1.5v8A1.5 1.5 0 0 0 6.5 21h11a1.5 1.5 0 0 0 1.5-1.5v-8a1.5 1.5 0 0 0-1.5-1.5h-2" />
    </svg>
  );
}

/** Firefox's menu icon: three dots, one above the other. */
function MenuIcon() {
  return (
    <svg className="home-screen-icon home-screen-icon-dots" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="5" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="12" cy="19" r="2" />
    </svg>
  );
}

/** A name on the screen, in French quotes that never wrap away from it; with its icon beside it when it has one. */
function Label({ children, icon }: { children: string; icon?: ReactNode }) {
  return (
    <span className="home-screen-name">
      «&nbsp;{children}&nbsp;»{icon ? <> {icon}</> : null}
    </span>
  );
}

function Steps({ guide }: { guide: HomeScreenGuide }) {
  if (guide === 'android-firefox') {
    return (
      <ol className="home-screen-steps">
        <li>
          Touchez le{' '}
          <span className="home-screen-name">
            menu <MenuIcon />
          </span>{' '}
          de Firefox.
        </li>
        <li>
          Choisissez <Label>Installer</Label> ou <Label>Ajouter à l'écran d'accueil</Label>.
        </li>
      </ol>
    );
  }
  return (
    <ol className="home-screen-steps">
      <li>
        Touchez <Label icon={<ShareIcon />}>Partager</Label>{' '}
        {guide === 'ios-safari' ? (
          <>
            dans la barre de Safari (ou dans son <span className="home-screen-name">menu ⋯</span>).
          </>
        ) : (
          "dans la barre d'adresse ou le menu du navigateur."
        )}
      </li>
      <li>
        Choisissez <Label>Sur l'écran d'accueil</Label>, puis <Label>Ajouter</Label>.
      </li>
    </ol>
  );
}

/**
 * How to put the app on the home screen where the browser makes no install offer (home-screen-device.ts):
 * shown inside the signed-in app once the person has joined or created a village, put off by "Plus tard" or
 * Escape (home-screen-offer.ts). A native modal dialog keeps focus inside it and closes with Escape.
 */
export function HomeScreenSheet() {
  const [guide] = useState(() => homeScreenGuide(currentDevice()));
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const earned = installEarned.use();
  const { dismissedAt } = homeScreenRecord.use();
  // The page's start is "now" enough for a delay counted in days.
  const [now] = useState(() => Date.now());
  const offered = shouldOfferHomeScreen({ guide, earned, signedIn: getToken() !== null, pathname, dismissedAt, now });
  const [ready, setReady] = useState(false);
  const open = offered && ready;
  const ref = useRef<HTMLDialogElement>(null);
  // Closed by the app (the person left the signed-in app): not an answer, so not counted as "Plus tard".
  const closedByApp = useRef(false);

  useEffect(() => {
    if (!offered) return;
    const timer = setTimeout(() => setReady(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [offered]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) {
      closedByApp.current = true;
      dialog.close();
    }
  }, [open]);

  if (!guide) return null;
  return (
    <dialog
      ref={ref}
      className="dialog home-screen-sheet"
      aria-labelledby="home-screen-title"
      aria-describedby="home-screen-why"
      onClose={() => {
        if (closedByApp.current) closedByApp.current = false;
        else dismissHomeScreen();
      }}
    >
      <h2 id="home-screen-title">Ajoutez Village à votre écran d'accueil</h2>
      <div id="home-screen-why">
        <p>Ouvert depuis l'écran d'accueil, Village&nbsp;:</p>
        <ul>
          <li>vous envoie les rappels et notifications de votre village&nbsp;;</li>
          <li>fonctionne hors connexion&nbsp;;</li>
          <li>garde vos saisies sur cet appareil jusqu'à leur envoi.</li>
        </ul>
      </div>
      <Steps guide={guide} />
      <div className="dialog-actions">
        <button type="button" className="secondary" onClick={() => ref.current?.close()}>
          Plus tard
        </button>
      </div>
    </dialog>
  );
}
