import type { ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { SubmitButton } from '../../components/form/submit-button';
import { markStepDone } from './progress';
import { nextStep, previousStep, STEP_PATHS, type CreationMode, type StepName } from './steps';

interface StepActionsProps {
  step: StepName;
  mode: CreationMode;
  pcvi?: string;
  busy: boolean;
  submitLabel?: string;
  /** Another way through the step, under the main button ("Je ne sais pas encore"). */
  children?: ReactNode;
}

/** The step's main button, and the way back to the step before (none on the first). */
export function StepActions({ step, mode, pcvi, busy, submitLabel = 'Continuer', children }: StepActionsProps) {
  const previous = previousStep(mode, step);
  return (
    <div className="tunnel-actions">
      <SubmitButton busy={busy} busyLabel="Enregistrement…">
        {submitLabel}
      </SubmitButton>
      {children}
      {previous && pcvi ? (
        <Link to={STEP_PATHS[previous]} search={{ pcvi }} className="tunnel-back">
          ← Étape précédente
        </Link>
      ) : null}
    </div>
  );
}

/** After a step is saved: it is marked passed on this device, and the next step opens. */
export function useGoToNextStep() {
  const navigate = useNavigate();
  return async (villageId: string, mode: CreationMode, step: StepName) => {
    markStepDone(villageId, mode, step);
    const next = nextStep(mode, step);
    if (next) await navigate({ to: STEP_PATHS[next], search: { pcvi: villageId } });
  };
}
