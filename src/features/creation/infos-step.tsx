import { useNavigate } from '@tanstack/react-router';
import type { Village } from '../../contract';
import { track } from '../../analytics/analytics';
import { useCurrentUser } from '../../session/current-user';
import { useForm } from '../../components/form/use-form';
import { FormAlert } from '../../components/form/form-alert';
import { TextField } from '../../components/form/text-field';
import { TextAreaField } from '../../components/form/text-area-field';
import { NO_MEDICAL_DETAILS } from '../../components/form/no-medical-details';
import { PHONE_EXAMPLES } from '../../components/form/phone-hint';
import { finishCreationAction } from '../../domain/villages/actions';
import { PendingVillage } from './pending-village';
import { forgetProgress } from './progress';
import { refusedLocally, saveVillageFields } from './save-step';
import { StepActions } from './step-actions';
import { infosSchema } from './infos-schema';
import { helpedPerson, infosTitle, presentationHint } from './helped-person';
import { formatPhone } from '../../domain/villages/phone-number';

/** The last step: the village's name and presentation, then the creation is finished. */
export function InfosStep({ pcvi }: { pcvi: string }) {
  const user = useCurrentUser();
  if (user === undefined) return <p role="status">Chargement…</p>;
  return (
    <PendingVillage villageId={pcvi}>
      {(village, creator) => <InfosForm village={village} creatorId={creator.id} suggestedName={suggestName(village, user?.first_name)} />}
    </PendingVillage>
  );
}

/** A name to start from: the village is named after the person it is built around. */
function suggestName(village: Village, myFirstName: string | undefined): string {
  const firstName = village.creation_mode === 2 ? village.first_name : myFirstName;
  return firstName ? `Le village de ${firstName}` : '';
}

function InfosForm({ village, creatorId, suggestedName }: { village: Village; creatorId: string; suggestedName: string }) {
  const navigate = useNavigate();
  const form = useForm({
    schema: infosSchema,
    initial: { name: village.name ?? suggestedName, infos: village.infos ?? '', phone: village.phone ? formatPhone(village.phone) : '' },
    onSubmit: async (fields) => {
      const saved = await saveVillageFields(village, creatorId, fields);
      if (!saved.ok) return refusedLocally(saved);
      const finished = await finishCreationAction(village.id, creatorId);
      if (!finished.ok) return refusedLocally(finished);
      track('finish_village_creation');
      forgetProgress(village.id);
      await navigate({ to: '/dashboard/villages/$id/waiting-validation', params: { id: village.id } });
    },
  });
  const { formRef } = form;
  const person = helpedPerson(village);
  return (
    <form ref={formRef} onSubmit={form.handleSubmit} noValidate className="tunnel-step">
      <h1>{infosTitle(person)}</h1>
      <FormAlert message={form.formError} />
      <TextField label="Nom du village" required {...form.field('name')} />
      <TextAreaField label="Présentation" hint={presentationHint(person)} caution={NO_MEDICAL_DETAILS} rows={5} {...form.field('infos')} />
      <TextField
        label="Téléphone"
        hint={`Facultatif. Un numéro où joindre la personne qui coordonne, ${PHONE_EXAMPLES}.`}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        {...form.field('phone')}
      />
      <StepActions step="infos" mode={village.creation_mode} pcvi={village.id} busy={form.submitting} submitLabel="Terminer" />
    </form>
  );
}
