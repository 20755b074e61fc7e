import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { listCategories } from '../../../src/contract/endpoints/categories';
import { getVillage } from '../../../src/contract/endpoints/villages';
import type { AppEnv } from '../../deps';
import { authenticate } from '../../http/authenticate';
import { answerRouteNotFound, HttpError, text } from '../../http/errors';
import { route, setCallSteps } from '../../http/route';
import { createWorld, type World } from '../world';
import { fuzzOperations, summarize, type FuzzReport } from './fuzz-operations';

/**
 * The fuzzer finds what it is there to find. An app is built in front of the world's, with two handlers
 * registered first through the real `route()` helper for existing endpoints: one throws (a planted 500), one
 * holds the event loop once for 600 ms (a planted freeze, under a bound of 300 ms for this run). Fuzzing those
 * two operations must report both.
 */

const GET_VILLAGE = 'GET /v1/villages/{id}';
const LIST_CATEGORIES = 'GET /v1/need_categories';

let world: World;
let report: FuzzReport;

beforeAll(async () => {
  world = await createWorld();
  const planted = new Hono<AppEnv>();
  setCallSteps(planted, authenticate(world.deps));
  route(planted, getVillage, { ids: { id: text.villageNotFound } }, () => {
    throw new Error('planted failure');
  });
  let frozen = false;
  route(planted, listCategories, (c) => {
    if (!frozen) {
      frozen = true;
      const until = performance.now() + 600;
      while (performance.now() < until) {
        // Holds the event loop, as a runaway schedule expansion did for 29 s.
      }
    }
    return c.json({ data: [] });
  });
  // Every other route is the world's own, with its own error handler; the planted ones answer first.
  planted.route('/', world.app);
  planted.notFound(answerRouteNotFound);
  // The planted routes' refusals (a malformed id, a bad query) answered as the app answers them; anything else is a 500.
  planted.onError((error, c) =>
    error instanceof HttpError
      ? c.json({ message: error.message, http_code: error.status, ...(error.errors ? { errors: error.errors } : {}) }, error.status)
      : c.json({ message: text.unexpected, http_code: 500 }, 500),
  );

  report = await fuzzOperations({
    fetch: (request) => planted.fetch(request),
    world,
    seed: 37,
    runs: 8,
    only: [GET_VILLAGE, LIST_CATEGORIES],
    maxLagMs: 300,
    budgetMs: 60_000,
  });
}, 90_000);

describe('the fuzzer finds what is planted', () => {
  it('reports a 500 of a handler that throws, with the operation, the input and the answer', () => {
    const failures = report.findings.filter((f) => f.status >= 500);
    expect(failures.length, summarize(report)).toBeGreaterThan(0);
    expect(
      failures.filter((f) => f.operation !== GET_VILLAGE || f.problem !== 'answered 500'),
      summarize(report),
    ).toEqual([]);
    expect(failures).toContainEqual(
      expect.objectContaining({
        input: 'the valid request as organiser',
        actor: 'organiser',
        message: text.unexpected,
        request: expect.stringMatching(/^GET \/v1\/villages\/[0-9a-f-]{36}/),
      }),
    );
    // The summary a failing run prints names the seed that sends the same requests again.
    expect(summarize(report)).toMatch(/^fuzz seed 37: /);
  });

  it('reports the event loop held past its bound, on the operation that held it', () => {
    const stalls = report.findings.filter((f) => f.problem.startsWith('the event loop stalled'));
    expect(
      stalls.map((f) => f.operation),
      summarize(report),
    ).toContain(LIST_CATEGORIES);
    expect(report.operations.find((o) => o.operation === LIST_CATEGORIES)!.maxLagMs).toBeGreaterThanOrEqual(550);
  });
});
