import { Link } from '@tanstack/react-router';
import { STEP_LABELS, STEP_PATHS, stepsFor, type CreationMode, type StepName } from './steps';

interface TunnelStepperProps {
  step: StepName;
  mode: CreationMode;
  /** The pending village, once it exists: the steps already passed become links back to them. */
  pcvi?: string;
}

/**
 * Where the user stands: "Étape 2 sur 5", a bar, and on wider screens every step by name, the current one
 * marked `aria-current="step"`. Phones show the count and the current name only; going back is then the
 * form's "Étape précédente".
 */
export function TunnelStepper({ step, mode, pcvi }: TunnelStepperProps) {
  const steps = stepsFor(mode);
  const index = steps.indexOf(step);
  return (
    <nav className="tunnel-stepper" aria-label="Étapes de la création du village">
      <p className="tunnel-stepper-count">
        Étape {index + 1} sur {steps.length}
        <span className="tunnel-stepper-current">&nbsp;: {STEP_LABELS[step]}</span>
      </p>
      <div className="tunnel-stepper-bar" aria-hidden="true">
        {steps.map((name, i) => (
          <span key={name} className={i <= index ? 'reached' : undefined} />
        ))}
      </div>
      <ol className="tunnel-stepper-steps">
        {steps.map((name, i) => (
          <li
            key={name}
            aria-current={i === index ? 'step' : undefined}
            className={i < index ? 'done' : i === index ? 'current' : undefined}
          >
            <span className="tunnel-stepper-number" aria-hidden="true">
              {i + 1}
            </span>
            {i < index && pcvi ? (
              <Link to={STEP_PATHS[name]} search={{ pcvi }}>
                {STEP_LABELS[name]}
              </Link>
            ) : (
              <span>{STEP_LABELS[name]}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
