import type * as v from 'valibot';
import type { AnswerOf, AnyEndpoint, EndpointRequest } from '../contract/endpoint';
import type { VillageDatabase } from '../db/database';

/** What a local effect may rely on: the time the write was made, so re-applying it gives the same rows. */
export interface ApplyContext {
  createdAt: string;
}

/**
 * One kind of write, declared once and run both by the page and by the service worker: the shape of its
 * payload, what it does to the local tables at once, the request it becomes (an entry of the endpoint
 * table, so its path and body are checked by the compiler), and how the server's answer replaces the
 * local guess.
 */
/**
 * Where a write about the account rather than a village is filed (one's notification settings): no village
 * has this id (ids are UUIDs), so nothing is pulled after it is sent or refused.
 */
export const ACCOUNT_SCOPE = 'account';

export interface MutationKind<P = unknown, E extends AnyEndpoint = AnyEndpoint> {
  name: string;
  payload: v.GenericSchema<unknown, P>;
  /** The village the write belongs to, or `ACCOUNT_SCOPE`. */
  villageId(payload: P): string;
  /** The row it creates or changes (`table:id`): a later write on the same row keeps the server's answer out. */
  target(payload: P): string;
  /** Runs inside a read-write transaction over the village tables. Must be safe to run again on a fresh snapshot. */
  apply(db: VillageDatabase, payload: P, ctx: ApplyContext): Promise<void>;
  request(payload: P): EndpointRequest<E>;
  /** Runs inside a read-write transaction over the village tables with the answer (validated; null for 204). */
  settle?(db: VillageDatabase, payload: P, data: NonNullable<AnswerOf<E>>): Promise<void>;
  /** What the write was, in French, for the list of changes the server refused ("Ajout du besoin « Courses »"). */
  describe?(payload: P): string;
}

/** Infers the payload from its schema and the answer from the request's endpoint. */
export const defineMutation = <P, E extends AnyEndpoint>(kind: MutationKind<P, E>) => kind;
