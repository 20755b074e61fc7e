import { useState } from 'react';
import { Link, Outlet, useRouterState, useSearch } from '@tanstack/react-router';
import { OutboxIndicator } from '../../components/outbox-status/outbox-indicator';
import { StorageFullAlert } from '../../components/outbox-status/storage-full-alert';
import { useVillage } from '../../domain/villages/village-reads';
import { TunnelStepper } from './tunnel-stepper';
import { TunnelDraftContext } from './tunnel-context';
import { SAVED_AT_EACH_STEP, stepAside } from './step-asides';
import { helpedPerson } from './helped-person';
import { stepAt, type CreationMode } from './steps';
import './tunnel.css';

/**
 * The village creation tunnel: a header with the way out, the stepper, then two columns from 1024 px (what
 * the step is for, beside its form) and one on phones. Every step is saved when it is passed, so leaving
 * loses nothing but the answers of the step on screen.
 */
export function TunnelLayout() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { pcvi } = useSearch({ strict: false }) as { pcvi?: string };
  const step = stepAt(pathname);
  const village = useVillage(pcvi ?? '');
  const [draftMode, setDraftMode] = useState<CreationMode | null>(null);
  // A pending village's own mode; before it exists, the choice being made (4 steps until one is made).
  const mode = pcvi ? village?.creation_mode : (draftMode ?? 1);
  const aside = step ? stepAside(step, helpedPerson(village)) : null;

  return (
    <TunnelDraftContext value={{ setDraftMode }}>
      <div className="layout-tunnel">
        <header className="topbar">
          <span className="brand">Village</span>
          <OutboxIndicator />
          <Link to="/dashboard/villages" className="tunnel-exit">
            {pcvi ? 'Enregistrer et quitter' : 'Quitter'}
          </Link>
        </header>
        <StorageFullAlert />
        <main id="contenu" className="tunnel">
          {step && mode ? <TunnelStepper step={step} mode={mode} pcvi={pcvi} /> : null}
          <div className="tunnel-columns">
            {aside ? (
              <aside className="tunnel-aside" aria-label={aside.title}>
                <p className="tunnel-aside-title">{aside.title}</p>
                {aside.text}
                <p className="tunnel-aside-saved">{SAVED_AT_EACH_STEP}</p>
              </aside>
            ) : null}
            <div className="tunnel-form">
              <Outlet />
            </div>
          </div>
        </main>
      </div>
    </TunnelDraftContext>
  );
}
