import { useId } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { Village } from '../../contract';
import { track } from '../../analytics/analytics';
import { useForm } from '../../components/form/use-form';
import { FormAlert } from '../../components/form/form-alert';
import { TextAreaField } from '../../components/form/text-area-field';
import { useCurrentUserId } from '../../domain/villages/village-reads';
import { createVillageAction } from '../../domain/villages/actions';
import { PendingVillage } from './pending-village';
import { refusedLocally, saveVillageFields } from './save-step';
import { StepActions, useGoToNextStep } from './step-actions';
import { reasonSchema } from './step-schemas';
import { useTunnelDraft } from './tunnel-context';
import type { CreationMode } from './steps';

export const MODE_LOCKED_TEXT =
  'Ce choix ne peut plus être modifié une fois le village commencé. Pour un autre village, créez-en un nouveau depuis vos villages.';

const MODES: { value: CreationMode; label: string; hint: string }[] = [
  { value: 1, label: 'Pour moi', hint: 'Je traverse une période difficile et j’aimerais être aidé·e.' },
  { value: 2, label: 'Pour un proche', hint: 'Un parent, un ami, un voisin\u00a0: je coordonne l’aide autour de lui.' },
];

/** The first step: for whom, and why. Its first save creates the village; later ones update it. */
export function ReasonStep({ pcvi }: { pcvi?: string }) {
  if (pcvi)
    return (
      <PendingVillage villageId={pcvi}>{(village, creator) => <ReasonForm village={village} creatorId={creator.id} />}</PendingVillage>
    );
  return <NewVillage />;
}

function NewVillage() {
  const userId = useCurrentUserId();
  if (userId === undefined) return <p role="status">Chargement…</p>;
  if (userId === null) return <p className="notice">Connectez-vous pour créer un village.</p>;
  return <ReasonForm village={null} userId={userId} />;
}

type ReasonFormProps =
  { village: Village; creatorId: string; userId?: undefined } | { village: null; userId: string; creatorId?: undefined };

function ReasonForm({ village, creatorId, userId }: ReasonFormProps) {
  const goNext = useGoToNextStep();
  const navigate = useNavigate();
  const { setDraftMode } = useTunnelDraft();
  const errorId = useId();
  const lockedId = useId();
  const form = useForm({
    schema: reasonSchema,
    initial: { creation_mode: village ? String(village.creation_mode) : '', reason: village?.reason ?? '' },
    onSubmit: async ({ creation_mode, reason }) => {
      if (village) {
        // The mode is not among the fields an update may change (UpdateVillageInput): it stays as created.
        const saved = await saveVillageFields(village, creatorId, { reason });
        if (!saved.ok) return refusedLocally(saved);
        return goNext(village.id, village.creation_mode, 'reason');
      }
      const created = await createVillageAction(userId, { creation_mode, reason });
      if (!created.ok) return refusedLocally(created);
      track('start_village_creation');
      // This page's address becomes the new village's: going back to it edits that village, never starts another.
      await navigate({ to: '/create/village/reason', search: { pcvi: created.villageId }, replace: true });
      await goNext(created.villageId, creation_mode, 'reason');
    },
  });
  const mode = form.field('creation_mode');
  const describedBy = [village ? lockedId : null, mode.error ? errorId : null].filter(Boolean).join(' ') || undefined;

  const { formRef } = form;
  return (
    <form ref={formRef} onSubmit={form.handleSubmit} noValidate className="tunnel-step">
      <h1>Créer votre village</h1>
      <FormAlert message={form.formError} />
      <fieldset className="tunnel-choices" aria-describedby={describedBy}>
        <legend>Pour qui créez-vous ce village&nbsp;?</legend>
        {village ? (
          <p className="field-hint" id={lockedId}>
            {MODE_LOCKED_TEXT}
          </p>
        ) : null}
        {mode.error ? (
          <p className="field-error" id={errorId}>
            {mode.error}
          </p>
        ) : null}
        {MODES.map((option) => (
          <label key={option.value} className="tunnel-choice">
            <input
              type="radio"
              name="creation_mode"
              value={option.value}
              checked={mode.value === String(option.value)}
              disabled={!!village}
              onChange={() => {
                mode.onChange(String(option.value));
                setDraftMode(option.value);
              }}
              aria-invalid={mode.error ? true : undefined}
            />
            <span>
              <span className="tunnel-choice-label">{option.label}</span>
              <span className="tunnel-choice-hint">{option.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <TextAreaField
        label="Pourquoi ce village&nbsp;?"
        hint="Facultatif. En une ou deux phrases, par exemple&nbsp;: «&nbsp;Je me remets d’une opération et ne peux pas porter de charges.&nbsp;»"
        rows={3}
        {...form.field('reason')}
      />
      <StepActions step="reason" mode={village?.creation_mode ?? 1} pcvi={village?.id} busy={form.submitting} />
    </form>
  );
}
