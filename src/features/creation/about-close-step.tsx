import type { Village } from '../../contract';
import { useForm } from '../../components/form/use-form';
import { FormAlert } from '../../components/form/form-alert';
import { TextField } from '../../components/form/text-field';
import { PendingVillage } from './pending-village';
import { refusedLocally, saveVillageFields } from './save-step';
import { StepActions, useGoToNextStep } from './step-actions';
import { aboutCloseSchema } from './step-schemas';

/** For a close person only: who the village is built around. */
export function AboutCloseStep({ pcvi }: { pcvi: string }) {
  return (
    <PendingVillage villageId={pcvi}>{(village, creator) => <AboutCloseForm village={village} creatorId={creator.id} />}</PendingVillage>
  );
}

function AboutCloseForm({ village, creatorId }: { village: Village; creatorId: string }) {
  const goNext = useGoToNextStep();
  const form = useForm({
    schema: aboutCloseSchema,
    initial: { first_name: village.first_name ?? '', last_name: village.last_name ?? '', relationship: village.relationship ?? '' },
    onSubmit: async (fields) => {
      const saved = await saveVillageFields(village, creatorId, fields);
      if (!saved.ok) return refusedLocally(saved);
      await goNext(village.id, village.creation_mode, 'about-close');
    },
  });
  const { formRef } = form;
  return (
    <form ref={formRef} onSubmit={form.handleSubmit} noValidate className="tunnel-step">
      <h1>Pour qui est ce village&nbsp;?</h1>
      <FormAlert message={form.formError} />
      <TextField label="Son prénom" required autoComplete="off" {...form.field('first_name')} />
      <TextField label="Son nom" hint="Facultatif." autoComplete="off" {...form.field('last_name')} />
      <TextField
        label="Votre lien avec cette personne"
        hint="Facultatif. Par exemple&nbsp;: Ma mère, Mon voisin."
        {...form.field('relationship')}
      />
      <StepActions step="about-close" mode={village.creation_mode} pcvi={village.id} busy={form.submitting} />
    </form>
  );
}
