import * as v from 'valibot';
import { photo } from './fields';

/** The spec's default colour for a category that has none. */
export const DEFAULT_CATEGORY_COLOR = '#000000';

export const CatalogueNeed = v.object({
  id: v.string(),
  category_id: v.string(),
  name: v.string(),
  photo,
});
export type CatalogueNeed = v.InferOutput<typeof CatalogueNeed>;

export const NeedCategory = v.object({
  id: v.string(),
  name: v.string(),
  color: v.string(),
  needs: v.optional(v.array(CatalogueNeed)),
});
export type NeedCategory = v.InferOutput<typeof NeedCategory>;
