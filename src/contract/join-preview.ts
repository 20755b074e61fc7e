import * as v from 'valibot';
import { photo } from './fields';
import { JoinVillageInput } from './villagers';

/**
 * What a join link shows before its visitor signs in: enough to know where it leads (the village, the first
 * name of the person it is for, its photo), nothing else. Imported by path: only the sign-in pages need it.
 */
export const JoinPreview = v.object({
  village_name: v.nullable(v.string()),
  first_name: v.nullable(v.string()),
  photo,
  /** Who invites, when the link is an invitation's (`i`) that is still pending; null otherwise. */
  inviter_first_name: v.optional(v.nullable(v.string()), null),
});
export type JoinPreview = v.InferOutput<typeof JoinPreview>;

/** The share code of the join link (`c`), read as the join call reads it. */
export const JoinPreviewQuery = v.object({
  c: JoinVillageInput.entries.share_code,
  /** An invitation's token (`i` of its link): the preview then names who invites. */
  i: v.optional(v.pipe(v.string(), v.maxLength(200))),
});
