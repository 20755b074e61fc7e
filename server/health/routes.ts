import { health } from '../../src/contract/endpoints/health';
import { publicRoute, type App } from '../http/route';

/** Whether the server answers: what scripts, benchmarks and load balancers wait for. */
export function healthRoutes(app: App) {
  publicRoute(app, health, (c) => c.json({ data: { status: 'ok' } }));
}
