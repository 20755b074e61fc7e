import { getOperator } from '../../src/contract/endpoints/operator';
import type { Deps } from '../deps';
import { publicRoute, type App } from '../http/route';

/** Who runs this server, for the privacy page: public, it is what anyone must be able to read before signing up. */
export function operatorRoutes(app: App, deps: Pick<Deps, 'operator'>) {
  publicRoute(app, getOperator, (c) => c.json({ data: { name: deps.operator?.name ?? null, email: deps.operator?.email ?? null } }));
}
