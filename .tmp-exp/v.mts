import * as v from 'valibot';
import { RegisterInput } from '../src/contract/index.ts';
const r = v.safeParse(RegisterInput, { email: 'a@b.fr' });
console.log(JSON.stringify(r.issues?.map(i => ({type: i.type, kind: i.kind, input: i.input, msg: i.message, path: v.getDotPath(i)})), null, 1));
