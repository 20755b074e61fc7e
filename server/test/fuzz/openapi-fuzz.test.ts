import { describe, expect, it } from 'vitest';
import { endpointTable } from '../../../src/contract/endpoints';
import { createWorld } from '../world';
import { fuzzOperations, summarize } from './fuzz-operations';

/**
 * Every operation of GET /v1/openapi.json, sent its hostile inputs (fuzz-inputs.ts) as each kind of caller:
 * no answer may be a 5xx, every refusal is JSON in the French error shape, what must be refused is, and
 * the event loop never stalls long enough to keep /v1/health waiting. Deterministic: one fast-check seed,
 * printed with the findings; a bounded number of inputs per operation and a bounded run.
 */

const SEED = 37;
/** Generated inputs per operation, on top of the fixed probes (about 60 to 400 of them, by the operation's fields). */
const RUNS = 24;
/** Generous for a shared 2-core machine: a frozen schedule held the loop 29 s; PGlite's slowest query here is some 100 ms. */
const MAX_LAG_MS = 2_000;
const BUDGET_MS = 150_000;

const generous = { max: 1_000_000, windowMs: 60_000 };
const unthrottled = { free: 1_000_000, firstDelayMs: 1, maxDelayMs: 1, forgetMs: 60_000 };

describe('fuzzing every operation of the OpenAPI document', () => {
  it(
    'finds no 5xx, no refusal out of the French error shape, nothing accepted that must be refused, and no stall',
    async () => {
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
        maxLagMs: MAX_LAG_MS,
        budgetMs: BUDGET_MS,
      });

      // Every operation of the table was tried, each with its fixed probes and generated inputs: the fewest, for a
      // call without path, query or body, are 2 query and 3 token probes, the generated ones and 4 valid requests.
      expect(report.operations.map((o) => o.operation).sort()).toEqual(endpointTable.map((e) => `${e.method} ${e.path}`).sort());
      for (const run of report.operations) expect(run.requests, run.operation).toBeGreaterThanOrEqual(RUNS + 9);
      expect(report.findings, summarize(report)).toEqual([]);
      expect(report.maxLagMs).toBeLessThanOrEqual(MAX_LAG_MS);
      expect(report.healthMaxMs).toBeLessThanOrEqual(MAX_LAG_MS);
    },
    BUDGET_MS + 60_000,
  );
});
