import * as v from 'valibot';

/** Every non-2xx body of /v1. `errors` comes with validation failures (422). */
export const ApiErrorBody = v.object({
  message: v.string(),
  http_code: v.number(),
  errors: v.optional(v.array(v.object({ field: v.string(), message: v.string() }))),
});
export type ApiErrorBody = v.InferOutput<typeof ApiErrorBody>;

export const data = <T extends v.GenericSchema>(schema: T) => v.object({ data: schema });
