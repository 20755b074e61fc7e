import { expect } from 'vitest';
import { endpointTable } from '../../../src/contract/endpoints';
import { createWorld } from '../world';
import { fuzzOperations, summarize } from './fuzz-operations';

/**
 * Every operation of GET /v1/openapi.json, sent its hostile inputs (fuzz-inputs.ts) as each kind of caller:
 * no answer may be a 5xx, every refusal is JSON in the French error shape, what must be refused is, and
 * the event loop never stalls long enough to keep /v1/health waiting. Deterministic: one fast-check seed,
 * printed with the findings; a bounded number of inputs per operation and a bounded run.
 *
 * The operations are fuzzed in two shares, one test file each (openapi-fuzz-*.test.ts), so that the two
 * workers run them at once: a village's paths and all the others, about 11 s of requests each at a load of 7.
 */

const SEED = 37;
/** Generated inputs per operation, on top of the fixed probes (about 60 to 400 of them, by the operation's fields). */
const RUNS = 24;
/** Generous for a shared 2-core machine: a frozen schedule held the loop 29 s; PGlite's slowest query here is some 100 ms. */
const MAX_LAG_MS = 2_000;
export const BUDGET_MS = 150_000;

const generous = { max: 1_000_000, windowMs: 60_000 };
const unthrottled = { free: 1_000_000, firstDelayMs: 1, maxDelayMs: 1, forgetMs: 60_000 };

/** The two shares: whether an operation's path is a village's. Each operation is in exactly one. */
export const SHARES = {
  villages: (path: string) => path === '/v1/villages' || path.startsWith('/v1/villages/'),
  outsideVillages: (path: string) => !SHARES.villages(path),
};

/** Fuzzes the operations of the endpoint table whose path is in `share`, and checks what the run met. */
export async function fuzzShareCleanly(share: (path: string) => boolean) {
  const expected = endpointTable.filter((e) => share(e.path)).map((e) => `${e.method} ${e.path}`);
  // Rate limits out of the way: a 429 before the body is read would hide what the body does.
  const world = await createWorld({
    rateLimits: {
      loginPerAddress: generous,
      registerPerAddress: generous,
      registerPerEmail: generous,
      resetPerAddress: generous,
      resetPerEmail: generous,
    },
    signInRules: { perAddressAndSource: unthrottled, perSource: unthrottled },
  });
  const report = await fuzzOperations({
    fetch: (request) => world.app.fetch(request),
    world,
    seed: SEED,
    runs: RUNS,
    only: expected,
    maxLagMs: MAX_LAG_MS,
    budgetMs: BUDGET_MS,
  });

  // Every operation of the share was tried, each with its fixed probes and generated inputs: the fewest, for a
  // call without path, query or body, are 2 query and 3 token probes, the generated ones and 4 valid requests.
  expect(expected.length).toBeGreaterThan(0);
  expect(report.operations.map((o) => o.operation).sort()).toEqual(expected.sort());
  for (const run of report.operations) expect(run.requests, run.operation).toBeGreaterThanOrEqual(RUNS + 9);
  expect(report.findings, summarize(report)).toEqual([]);
  expect(report.maxLagMs).toBeLessThanOrEqual(MAX_LAG_MS);
  expect(report.healthMaxMs).toBeLessThanOrEqual(MAX_LAG_MS);
}
