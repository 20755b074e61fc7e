import type { ContentfulStatusCode } from 'hono/utils/http-status';

export interface FieldError {
  field: string;
  message: string;
}

/** A failure the client is meant to see: its French message goes out as is. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const text = {
  unauthenticated: 'Votre session a expiré, veuillez vous reconnecter.',
  notMember: "Vous n'avez pas accès à ce village.",
  notManager: 'Seules les personnes qui gèrent ce village peuvent faire cela.',
  notYourself: "Cette action ne peut pas être faite au nom d'une autre personne.",
  onlyYourself: 'Vous ne pouvez modifier que votre propre compte.',
  invalid: 'Certaines informations ne sont pas valides.',
  badJson: "Le contenu envoyé n'est pas un JSON valide.",
  tooLarge: 'Le contenu envoyé est trop volumineux.',
  idTaken: 'Cet identifiant est déjà utilisé.',
  lastManager: 'Vous êtes la seule personne à gérer ce village : vous ne pouvez pas le quitter, sinon plus personne ne pourrait s’en occuper.',
  idempotencyReused: "Cette clé d'idempotence a déjà servi pour une autre requête.",
  routeNotFound: "Cette adresse n'existe pas.",
  villageNotFound: 'Ce village est introuvable.',
  needNotFound: 'Ce besoin est introuvable.',
  helpNotFound: 'Cette aide est introuvable.',
  villagerNotFound: 'Ce membre est introuvable.',
  userNotFound: 'Ce compte est introuvable.',
  unexpected: 'Une erreur inattendue est survenue. Veuillez réessayer.',
  tooManyAttempts: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.',
} as const;

export const unauthenticated = () => new HttpError(401, text.unauthenticated);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const invalid = (errors: FieldError[], message: string = text.invalid) => new HttpError(422, message, errors);
