import * as v from 'valibot';

/**
 * Who runs this server (GET /v1/operator), from its settings OPERATOR_NAME and OPERATOR_EMAIL: the privacy
 * page names them as the one to write to. Each is null when the operator did not set it.
 */
export const Operator = v.object({ name: v.nullable(v.string()), email: v.nullable(v.string()) });
export type Operator = v.InferOutput<typeof Operator>;
