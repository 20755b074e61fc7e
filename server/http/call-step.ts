import type { Context } from 'hono';
import type { AppEnv } from '../deps';

/**
 * A step every call takes before its handler (route.ts runs them: `setCallSteps`): it answers itself (a 413)
 * or hands back what `next` answers.
 */
export type CallStep = (c: Context<AppEnv>, next: () => Response | Promise<Response>) => Response | Promise<Response>;
