import { useState } from 'react';
import type { Village } from '../../contract';
import { useForm } from '../../components/form/use-form';
import { FormAlert } from '../../components/form/form-alert';
import { TextField } from '../../components/form/text-field';
import { PendingVillage } from './pending-village';
import { refusedLocally, saveVillageFields } from './save-step';
import { StepActions, useGoToNextStep } from './step-actions';
import { periodSchema } from './step-schemas';

/** When help is needed: both dates may stay unknown. */
export function PeriodStep({ pcvi }: { pcvi: string }) {
  return <PendingVillage villageId={pcvi}>{(village, creator) => <PeriodForm village={village} creatorId={creator.id} />}</PendingVillage>;
}

function PeriodForm({ village, creatorId }: { village: Village; creatorId: string }) {
  const goNext = useGoToNextStep();
  const [skipError, setSkipError] = useState<string | null>(null);
  const [skipping, setSkipping] = useState(false);
  const form = useForm({
    schema: periodSchema,
    initial: { start_date: village.start_date ?? '', end_date: village.end_date ?? '' },
    onSubmit: async (period) => {
      const saved = await saveVillageFields(village, creatorId, period);
      if (!saved.ok) return refusedLocally(saved);
      await goNext(village.id, village.creation_mode, 'period');
    },
  });

  // "Not known yet": whatever was typed or saved before is cleared, and the step is passed.
  const skip = async () => {
    if (form.submitting || skipping) return;
    setSkipping(true);
    try {
      const saved = await saveVillageFields(village, creatorId, { start_date: null, end_date: null });
      if (!saved.ok) return setSkipError(saved.message);
      await goNext(village.id, village.creation_mode, 'period');
    } finally {
      setSkipping(false);
    }
  };

  const { formRef } = form;
  return (
    <form ref={formRef} onSubmit={form.handleSubmit} noValidate className="tunnel-step">
      <h1>Sur quelle période&nbsp;?</h1>
      <FormAlert message={form.formError ?? skipError} />
      <div className="tunnel-dates">
        <TextField label="Début" type="date" hint="Facultatif." {...form.field('start_date')} />
        <TextField label="Fin" type="date" hint="Facultatif." min={form.values.start_date || undefined} {...form.field('end_date')} />
      </div>
      <StepActions step="period" mode={village.creation_mode} pcvi={village.id} busy={form.submitting}>
        <button type="button" className="secondary" onClick={() => void skip()} aria-disabled={skipping || undefined}>
          Je ne sais pas encore
        </button>
      </StepActions>
    </form>
  );
}
