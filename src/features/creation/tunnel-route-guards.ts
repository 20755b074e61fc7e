import { importChunk } from '../../pwa/lazy-chunk';
import type { StepName } from './steps';

/**
 * The tunnel routes' `beforeLoad`s. The route table is on the first screen, and the guards' code (the village
 * schemas, the steps, the roles) is imported only when a tunnel address opens (tunnel-routing.ts). A page being
 * left waits instead of failing the guard (src/pwa/lazy-chunk.ts).
 */
const routing = () => importChunk(() => import('./tunnel-routing'));

export const resumeCreation = (pcvi: string | undefined) => routing().then((m) => m.resumeCreation(pcvi));

export const guardStep = (step: StepName, pcvi: string | undefined) => routing().then((m) => m.guardStep(step, pcvi));
