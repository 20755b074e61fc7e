import * as v from 'valibot';

// The spec's form messages (section 5), word for word. The app and the server both use them.
export const messages = {
  required: 'Ce champ est requis',
  numberMin: (min: number) => `Ce champ doit être supérieur à ${min}`,
  minLength: (min: number) => `Ce champ doit contenir au moins ${min} caractères`,
  email: "L'email n'est pas valide",
  maxLength: (max: number) => `Ce champs doit contenir ${max} caractères maximum`,
  digits: 'Le champs doit être un chiffre',
  // Not in the spec: what the spec leaves unshown, in the same voice.
  wrongType: "Ce champ n'a pas le bon format",
  uuid: "Cet identifiant n'est pas valide",
  date: "Cette date n'est pas valide",
  dateTime: 'Cette date et heure ne sont pas valides',
  endBeforeStart: 'La fin doit être après le début',
  passwordsDiffer: 'Les mots de passe ne correspondent pas',
  oneOf: "Cette valeur n'est pas autorisée",
  unknownField: "Ce champ n'est pas attendu",
  phoneTooShort: 'Le numéro de téléphone est trop court',
  phoneTooLong: 'Le numéro de téléphone est trop long',
  phoneUnknown: "Ce numéro de téléphone n'existe pas",
} as const;

// Valibot's own messages are English: anything a schema did not name gets a French one.
// Valibot reports a missing key on the object itself (input undefined), not on the key's own schema; a
// strict object names an unknown key with `expected: 'never'`, and a value that is not an object otherwise.
v.setGlobalMessage((issue) =>
  issue.input === undefined
    ? messages.required
    : (issue.type === 'strict_object' && issue.expected === 'never') || issue.type === 'never'
      ? messages.unknownField
      : messages.wrongType,
);
