import { describe, expect, it } from 'vitest';
import { BUDGET_MS, fuzzShareCleanly, SHARES } from './fuzz-share';

describe("fuzzing every operation of the OpenAPI document on a village's paths", () => {
  it(
    'finds no 5xx, no refusal out of the French error shape, nothing accepted that must be refused, and no stall',
    () => {
      // The checks are fuzz-share.ts's: the test fails if none of them ran.
      expect.hasAssertions();
      return fuzzShareCleanly(SHARES.villages);
    },
    // The run stops itself at its budget (and says which operations it did not reach); a minute more to build its world.
    BUDGET_MS + 60_000,
  );
});
