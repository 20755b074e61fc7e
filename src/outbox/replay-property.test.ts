import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { v7 as uuidv7 } from 'uuid';
import { createWorld } from '../../server/test/world';
import { VillageDatabase } from '../db/database';
import type { MutationKind } from './mutation-kind';
import { enqueue } from './enqueue';
import { provideAppMutationKinds } from '../testing/mutation-kinds';
import { drainOutbox } from './replay';
import { pullVillage } from './pull-village';
import { BASE_URL, signIn, transportTo } from '../testing/outbox-world';

/**
 * Whatever the network does (requests lost on the way, answers lost on the way back, the page reloaded
 * or killed in the middle of a replay), once the queue is drained the server holds each write applied
 * exactly once: the same needs and helps as applying the sequence once, in order, to an empty village.
 * And at every step the device shows each write made so far, whatever has reached the server: an answer
 * or a pull never hides a change still waiting. A write refused by the server (a help on a need deleted
 * before) counts as a no-op in the model, as it is on the server.
 */

// The app's kinds, as the outbox gets them: provided from above (as src/main.tsx does), looked up by the
// names the stored entries carry. The outbox and its tests import no feature.
const kinds = await provideAppMutationKinds();
const [createNeed, updateNeed, deleteNeed, addHelp, deleteHelp] = [
  'create-need',
  'update-need',
  'delete-need',
  'add-help',
  'delete-help',
].map((name) => kinds.get(name));

const world = await createWorld();
const jeanne = await world.user('Jeanne');

type Write =
  | { op: 'create-need'; name: string }
  | { op: 'update-need'; pick: number; name: string }
  | { op: 'delete-need'; pick: number }
  | { op: 'add-help'; pick: number }
  | { op: 'delete-help'; pick: number };
/** How the next drain's write requests fare: `ok` of them go through, then the fault hits one. */
type Fault = 'none' | 'drop' | 'lose' | 'kill-before' | 'kill-after';
/** `alongside`: the next write is made while the drain's first request is on its way. */
type Drain = { t: 'drain'; ok: number; fault: Fault; alongside: boolean };
type Step = { t: 'write'; write: Write } | Drain | { t: 'reload' } | { t: 'pull' };

const name = fc.constantFrom('Courses', 'Repas', 'Ménage', 'Jardin', 'Pharmacie', 'Transport');
const pick = fc.nat(20);
const write: fc.Arbitrary<Write> = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant('create-need' as const), name }), weight: 3 },
  { arbitrary: fc.record({ op: fc.constant('update-need' as const), pick, name }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant('delete-need' as const), pick }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant('add-help' as const), pick }), weight: 3 },
  { arbitrary: fc.record({ op: fc.constant('delete-help' as const), pick }), weight: 1 },
);
const between: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      t: fc.constant('drain' as const),
      ok: fc.nat(3),
      fault: fc.constantFrom<Fault>('none', 'drop', 'lose', 'kill-before', 'kill-after'),
      alongside: fc.boolean(),
    }),
    weight: 4,
  },
  { arbitrary: fc.constant({ t: 'reload' as const }), weight: 1 },
  { arbitrary: fc.constant({ t: 'pull' as const }), weight: 1 },
);
// 4 to 15 writes, each followed by up to two drains, reloads or pulls.
const scenario: fc.Arbitrary<Step[]> = fc
  .array(fc.tuple(write, fc.array(between, { maxLength: 2 })), { minLength: 4, maxLength: 15, size: 'max' })
  .map((pairs) => pairs.flatMap(([w, after]) => [{ t: 'write' as const, write: w }, ...after]));

interface Model {
  needs: Map<string, string>;
  helps: Map<string, string>;
}

/** The writes as payloads, with the ids they pick; and the model: each write applied once, as the server rules. */
function plan(steps: Step[], villageId: string, me: string) {
  const needIds: string[] = [];
  const helpIds: string[] = [];
  const model: Model = { needs: new Map(), helps: new Map() };
  const of = <T>(pool: T[], i: number) => pool[i % pool.length];
  const payloads = new Map<Step, { kind: MutationKind; payload: unknown }>();
  // The model after each write: what the device must show once the writes up to it are made.
  const after = new Map<Step, Model>();
  for (const s of steps) {
    if (s.t !== 'write') continue;
    after.set(s, { needs: new Map(model.needs), helps: new Map(model.helps) });
    const w = s.write;
    switch (w.op) {
      case 'create-need': {
        const id = uuidv7();
        needIds.push(id);
        model.needs.set(id, w.name);
        payloads.set(s, { kind: createNeed, payload: { village_id: villageId, id, input: { villager_id: me, name: w.name } } });
        break;
      }
      case 'update-need': {
        if (!needIds.length) continue;
        const needId = of(needIds, w.pick);
        if (model.needs.has(needId)) model.needs.set(needId, w.name);
        payloads.set(s, { kind: updateNeed, payload: { village_id: villageId, need_id: needId, input: { updater_id: me, name: w.name } } });
        break;
      }
      case 'delete-need': {
        if (!needIds.length) continue;
        const needId = of(needIds, w.pick);
        model.needs.delete(needId);
        for (const [helpId, of] of model.helps) if (of === needId) model.helps.delete(helpId);
        payloads.set(s, { kind: deleteNeed, payload: { village_id: villageId, need_id: needId, villager_id: me } });
        break;
      }
      case 'add-help': {
        if (!needIds.length) continue;
        const needId = of(needIds, w.pick);
        const id = uuidv7();
        helpIds.push(id);
        if (model.needs.has(needId)) model.helps.set(id, needId);
        const input = { helper_id: me, start_date: new Date(Date.UTC(2026, 11, 1 + helpIds.length, 9)).toISOString() };
        payloads.set(s, { kind: addHelp, payload: { village_id: villageId, village_need_id: needId, id, input } });
        break;
      }
      case 'delete-help': {
        if (!helpIds.length) continue;
        const helpId = of(helpIds, w.pick);
        model.helps.delete(helpId);
        payloads.set(s, { kind: deleteHelp, payload: { village_id: villageId, help_id: helpId, villager_id: me } });
        break;
      }
    }
    after.set(s, { needs: new Map(model.needs), helps: new Map(model.helps) });
  }
  return { payloads, model, after };
}

const sorted = (m: Map<string, string>) => [...m.entries()].sort(([a], [b]) => a.localeCompare(b));

async function serverState(villageId: string): Promise<Model> {
  const answer = await world.request('GET', `/v1/villages/${villageId}?include=needs,helps`, { token: jeanne.token });
  expect(answer.status).toBe(200);
  const { needs, helps } = answer.body.data as { needs: { id: string; name: string }[]; helps: { id: string; village_need_id: string }[] };
  return { needs: new Map(needs.map((n) => [n.id, n.name])), helps: new Map(helps.map((h) => [h.id, h.village_need_id])) };
}

async function localState(db: VillageDatabase, villageId: string): Promise<Model> {
  const needs = await db.needs.where('village_id').equals(villageId).toArray();
  const helps = await db.helps.where('village_id').equals(villageId).toArray();
  return { needs: new Map(needs.map((n) => [n.id, n.name])), helps: new Map(helps.map((h) => [h.id, h.village_need_id])) };
}

describe('replay under faults (property)', () => {
  it('ends with each write applied exactly once on the server, and the device agreeing', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (steps) => {
        const village = await world.village(jeanne);
        const dbName = `outbox-property-${uuidv7()}`;
        let db = new VillageDatabase(dbName);
        await signIn(db, jeanne.id, jeanne.token);
        const reload = () => {
          db.close();
          db = new VillageDatabase(dbName);
        };
        const { payloads, model, after } = plan(steps, village.id, village.creatorVillagerId);
        // The device starts with the village on it, as a first pull leaves it.
        await pullVillage(transportTo(serverFetch(), jeanne.token), db, jeanne.id, village.id);

        function serverFetch(fault: Pick<Drain, 'ok' | 'fault'> = { ok: 0, fault: 'none' }, onFirstWrite?: () => Promise<void>) {
          let writes = 0;
          return (async (url: URL | string, init?: RequestInit) => {
            const isWrite = (init?.method ?? 'GET') !== 'GET';
            if (isWrite && writes === 0 && onFirstWrite) await onFirstWrite();
            if (!isWrite || fault.fault === 'none' || writes++ !== fault.ok) return world.app.request(url, init);
            switch (fault.fault) {
              case 'drop':
                throw new TypeError('Failed to fetch');
              case 'lose':
                await world.app.request(url, init);
                throw new TypeError('Failed to fetch');
              case 'kill-before':
                // The page dies while the request is on its way out: nothing after this runs on this database.
                reload();
                throw new TypeError('Failed to fetch');
              case 'kill-after': {
                const answer = await world.app.request(url, init);
                reload();
                return answer;
              }
            }
          }) as typeof fetch;
        }

        const made = new Set<Step>();
        let expected: Model = { needs: new Map(), helps: new Map() };
        const make = async (s: Step) => {
          const w = payloads.get(s);
          if (w && !made.has(s)) await enqueue(w.kind, w.payload, { db });
          made.add(s);
          expected = after.get(s) ?? expected;
        };
        for (const [i, s] of steps.entries()) {
          if (s.t === 'write') {
            await make(s);
          } else if (s.t === 'reload') {
            reload();
          } else if (s.t === 'pull') {
            await pullVillage(transportTo(serverFetch(), jeanne.token), db, jeanne.id, village.id);
          } else {
            // A killed page's replay ends in an error on its closed database; the reopened one carries on.
            const next = steps[i + 1];
            const alongside = s.alongside && next?.t === 'write' ? () => make(next) : undefined;
            await drainOutbox({ db, transport: { baseUrl: BASE_URL, fetch: serverFetch(s, alongside) }, networkBack: true }).catch(
              (error) => {
                if (!s.fault.startsWith('kill')) throw error;
              },
            );
          }
          // At every moment the device shows each write made so far, whatever has reached the server.
          const local = await localState(db, village.id);
          expect({ needs: sorted(local.needs), helps: sorted(local.helps) }).toEqual({
            needs: sorted(expected.needs),
            helps: sorted(expected.helps),
          });
        }

        // The network is back for good: the queue empties within as many drains as there are writes.
        for (let i = 0; ; i++) {
          const result = await drainOutbox({ db, transport: { baseUrl: BASE_URL, fetch: serverFetch() }, networkBack: true });
          if (result.state === 'drained') break;
          if (i > 20) throw new Error(`the queue does not empty: ${JSON.stringify(result)}`);
        }
        expect(await db.outbox.where('status').equals('pending').count()).toBe(0);

        const server = await serverState(village.id);
        expect({ needs: sorted(server.needs), helps: sorted(server.helps) }).toEqual({
          needs: sorted(model.needs),
          helps: sorted(model.helps),
        });
        const local = await localState(db, village.id);
        expect({ needs: sorted(local.needs), helps: sorted(local.helps) }).toEqual({
          needs: sorted(model.needs),
          helps: sorted(model.helps),
        });
        db.close();
        await new VillageDatabase(dbName).delete();
      }),
      { numRuns: 40 },
    );
  });
});
