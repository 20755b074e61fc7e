import { Link } from '@tanstack/react-router';
import { CREATION_MODE, DEFAULT_GAP_HORIZON_DAYS, MAX_GAP_HORIZON_DAYS, MIN_GAP_HORIZON_DAYS } from '../../contract';
import { useForm } from '../../components/form/use-form';
import { TextField } from '../../components/form/text-field';
import { TextAreaField } from '../../components/form/text-area-field';
import { NO_MEDICAL_DETAILS } from '../../components/form/no-medical-details';
import { FormAlert } from '../../components/form/form-alert';
import { SubmitButton } from '../../components/form/submit-button';
import { PHONE_EXAMPLES } from '../../components/form/phone-hint';
import type { ManageContext } from './manage-screen';
import { gapHorizonSchema, homeInfosSchema, periodSchema, phoneSchema, presentationSchema, shown } from './village-form-schemas';
import { useSaveVillage } from './use-save-village';
import { formatPhone } from '../../domain/villages/phone-number';

/** The forms of the manage sub-pages: each is one small update-village write. */

function CancelLink({ villageId }: { villageId: string }) {
  return (
    <p className="form-footer">
      <Link to="/dashboard/villages/$id/manage" params={{ id: villageId }}>
        Annuler
      </Link>
    </p>
  );
}

export function HomeInfosForm({ village, me }: ManageContext) {
  const form = useForm({
    schema: homeInfosSchema(me.id),
    initial: { home_infos: shown(village.home_infos) },
    onSubmit: useSaveVillage(village),
  });
  const { formRef } = form;
  return (
    <form ref={formRef} onSubmit={form.handleSubmit} noValidate className="manage-form">
      <FormAlert message={form.formError} />
      <TextAreaField
        label="Infos pratiques"
        hint="Code de la porte, clés, animaux, habitudes… Seuls les membres du village les voient."
        rows={8}
        {...form.field('home_infos')}
      />
      <SubmitButton busy={form.submitting}>Enregistrer</SubmitButton>
      <CancelLink villageId={village.id} />
    </form>
  );
}

export function PresentationForm({ village, me }: ManageContext) {
  const forClosePerson = village.creation_mode === CREATION_MODE.closePerson;
  const form = useForm({
    schema: presentationSchema(me.id, village.creation_mode),
    initial: {
      name: shown(village.name),
      infos: shown(village.infos),
      first_name: shown(village.first_name),
      last_name: shown(village.last_name),
      relationship: shown(village.relationship),
    },
    onSubmit: useSaveVillage(village),
  });
  const { formRef } = form;
  return (
    <form ref={formRef} onSubmit={form.handleSubmit} noValidate className="manage-form">
      <FormAlert message={form.formError} />
      <TextField label="Nom du village" required autoComplete="off" {...form.field('name')} />
      <TextAreaField
        label="Présentation"
        hint="Facultatif. Ce que les membres doivent savoir du village et de la personne aidée."
        caution={NO_MEDICAL_DETAILS}
        rows={6}
        {...form.field('infos')}
      />
      {forClosePerson ? (
        <fieldset className="manage-fieldset">
          <legend>La personne aidée</legend>
          <TextField label="Prénom" required autoComplete="off" {...form.field('first_name')} />
          <TextField label="Nom" hint="Facultatif." autoComplete="off" {...form.field('last_name')} />
          <TextField
            label="Lien avec la personne qui a créé le village"
            hint={'Facultatif. Par exemple\u00a0: mère, voisin, amie. Les membres liront «\u00a0Mère de …\u00a0».'}
            autoComplete="off"
            {...form.field('relationship')}
          />
        </fieldset>
      ) : null}
      <SubmitButton busy={form.submitting}>Enregistrer</SubmitButton>
      <CancelLink villageId={village.id} />
    </form>
  );
}

export function PeriodForm({ village, me }: ManageContext) {
  const form = useForm({
    schema: periodSchema(me.id),
    initial: { start_date: shown(village.start_date), end_date: shown(village.end_date) },
    onSubmit: useSaveVillage(village),
  });
  const { formRef } = form;
  return (
    <form ref={formRef} onSubmit={form.handleSubmit} noValidate className="manage-form">
      <FormAlert message={form.formError} />
      <TextField label="Début" type="date" hint="Facultatif." {...form.field('start_date')} />
      <TextField label="Fin" type="date" hint="Facultatif&nbsp;: laissez vide s’il n’y a pas de date de fin." {...form.field('end_date')} />
      <SubmitButton busy={form.submitting}>Enregistrer</SubmitButton>
      <CancelLink villageId={village.id} />
    </form>
  );
}

export function PhoneForm({ village, me }: ManageContext) {
  const form = useForm({
    schema: phoneSchema(me.id),
    initial: { phone: village.phone ? formatPhone(village.phone) : '' },
    onSubmit: useSaveVillage(village),
  });
  const { formRef } = form;
  return (
    <form ref={formRef} onSubmit={form.handleSubmit} noValidate className="manage-form">
      <FormAlert message={form.formError} />
      <TextField
        label="Numéro de téléphone"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        hint={`Facultatif. Le numéro que les membres du village peuvent appeler, ${PHONE_EXAMPLES}.`}
        {...form.field('phone')}
      />
      <SubmitButton busy={form.submitting}>Enregistrer</SubmitButton>
      <CancelLink villageId={village.id} />
    </form>
  );
}

/** How many days ahead an open slot is urgent: its organisers are told once a day, and it is marked « Urgent ». */
export function GapHorizonForm({ village, me }: ManageContext) {
  const form = useForm({
    schema: gapHorizonSchema(me.id),
    initial: { gap_horizon_days: String(village.gap_horizon_days ?? DEFAULT_GAP_HORIZON_DAYS) },
    onSubmit: useSaveVillage(village),
  });
  const { formRef } = form;
  return (
    <form ref={formRef} onSubmit={form.handleSubmit} noValidate className="manage-form">
      <FormAlert message={form.formError} />
      <TextField
        label="Nombre de jours"
        type="number"
        inputMode="numeric"
        min={MIN_GAP_HORIZON_DAYS}
        max={MAX_GAP_HORIZON_DAYS}
        hint={`Un créneau encore sans personne dans ce délai est marqué «\u00a0Urgent\u00a0», et les personnes qui organisent le village en sont prévenues une fois par jour au plus. De ${MIN_GAP_HORIZON_DAYS} à ${MAX_GAP_HORIZON_DAYS} jours.`}
        {...form.field('gap_horizon_days')}
      />
      <SubmitButton busy={form.submitting}>Enregistrer</SubmitButton>
      <CancelLink villageId={village.id} />
    </form>
  );
}
