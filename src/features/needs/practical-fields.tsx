import { TextField } from '../../components/form/text-field';
import { TextAreaField } from '../../components/form/text-area-field';

type Field = (name: 'address' | 'access' | 'people' | 'diet') => {
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
      <p className="field-hint">Facultatif. Montrées à tous les membres du village, même sans connexion.</p>
      <TextField label="Adresse" autoComplete="street-address" {...field('address')} />
      <TextAreaField label="Accès" hint="Code, étage, où laisser les choses…" rows={2} {...field('access')} />
      <TextField label="Nombre de personnes à nourrir" inputMode="numeric" {...field('people')} />
      <TextField label="Régime et allergies" hint="Par exemple&nbsp;: sans sel, allergie aux noix" {...field('diet')} />
    </fieldset>
  );
}
