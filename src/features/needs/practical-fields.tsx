import { useId } from 'react';
import { TextField } from '../../components/form/text-field';
import { TextAreaField } from '../../components/form/text-area-field';
import { NO_MEDICAL_DETAILS } from '../../components/form/no-medical-details';

type Field = (name: 'address' | 'access' | 'people' | 'diet' | 'organisers_only') => {
  name: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
};

/** What whoever takes a slot needs on the spot, kept on their phone so it reads offline. */
export function PracticalFields({ field }: { field: Field }) {
  return (
    <fieldset className="need-section">
      <legend>Infos pratiques</legend>
      <p className="field-hint">
        Facultatif. L’adresse et l’accès sont montrés aux personnes qui organisent le village et à celles inscrites à un créneau, même sans
        connexion.
      </p>
      <TextField label="Adresse" autoComplete="street-address" caution={NO_MEDICAL_DETAILS} {...field('address')} />
      <TextAreaField label="Accès" hint="Code, étage, où laisser les choses…" rows={2} {...field('access')} />
      <TextField label="Nombre de personnes à nourrir" inputMode="numeric" {...field('people')} />
      <TextField label="Régime et allergies" hint="Par exemple&nbsp;: sans sel, allergie aux noix" {...field('diet')} />
      <OrganisersOnlyBox {...field('organisers_only')} />
    </fieldset>
  );
}

/** A need the circle does not see at all (a doctor's appointment): only the organisers and its helpers. */
function OrganisersOnlyBox({ name, value, onChange }: { name: string; value: string; onChange: (value: string) => void }) {
  const hintId = useId();
  return (
    <div className="field">
      <label className="need-choice">
        <input
          type="checkbox"
          name={name}
          checked={value === 'on'}
          onChange={(event) => onChange(event.target.checked ? 'on' : '')}
          aria-describedby={hintId}
        />
        <span>Visible aux organisateurs seulement</span>
      </label>
      <p className="field-hint" id={hintId}>
        Pour un rendez-vous médical par exemple&nbsp;: seules les personnes qui organisent le village le voient, et les personnes qui
        prennent un de ses créneaux (envoyez-leur le lien du besoin).
      </p>
    </div>
  );
}
