import * as v from 'valibot';
import { email, phone, photo, text } from './fields';

/** The signed-in user, as they see themselves. */
export const User = v.object({
  id: v.string(),
  uuid: v.string(),
  email: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  phone: v.nullable(v.string()),
  photo,
  analytics_consent: v.nullable(v.boolean()),
  /** When the address was verified; null until its owner opens the link mailed to it (and after a change). */
  email_verified_at: v.optional(v.nullable(v.string()), null),
  /** False for an account joined with a name and an e-mail only, until it adds a password (Mon compte). */
  has_password: v.optional(v.boolean(), true),
});
export type User = v.InferOutput<typeof User>;

/** What other villagers see of a user: never the e-mail. */
export const PublicUser = v.object({
  id: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  photo,
});
export type PublicUser = v.InferOutput<typeof PublicUser>;

export const UpdateUserInput = v.strictObject({
  first_name: v.optional(text(100)),
  last_name: v.optional(text(100)),
  email: v.optional(email),
  phone: v.optional(phone),
  analytics_consent: v.optional(v.nullable(v.boolean())),
});
export type UpdateUserInput = v.InferOutput<typeof UpdateUserInput>;
