import type { Help } from '../contract';

/** What the planning shows of a help: when, on which need, by whom. */
export type PlanningHelp = Pick<Help, 'id' | 'village_id' | 'village_need_id' | 'helper_id' | 'start_date' | 'end_date'>;
