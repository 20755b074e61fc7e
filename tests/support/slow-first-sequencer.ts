import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The slowest files of each project, slowest first, as the last CI run timed them (tests/engines/webkit.test.ts
 * 59 s, the browser files down to 15 s; the server's down to 8 s). Vitest starts the files it has timed before
 * longest first, but a clean clone (CI) has no such record, and it then kept the order it found them in: the
 * 37 s return-after-outage file started among the last, and one worker sat idle while it ran. Only the order
 * changes; a file missing from this list runs after those in it. A list that grows stale costs minutes, never a
 * result.
 */
const SLOWEST_FIRST = [
  'tests/engines/webkit.test.ts',
  'tests/browser/phone-small-and-large-text.test.ts',
  'tests/browser/return-after-outage.test.ts',
  'tests/browser/slots.test.ts',
  'tests/engines/firefox-journey.test.ts',
  'tests/browser/home-screen-sheet.test.ts',
  'tests/browser/offline-writes.test.ts',
  'tests/browser/auth.test.ts',
  'tests/browser/news.test.ts',
  'tests/browser/village-screens.test.ts',
  'tests/browser/pwa.test.ts',
  'tests/faults/worker-replay.test.ts',
  'tests/browser/storage-evicted.test.ts',
  'tests/browser/phone-return-after-sign-in.test.ts',
  'tests/browser/creation-tunnel.test.ts',
  'tests/browser/older-helps.test.ts',
  'tests/engines/webkit-return.test.ts',
  'tests/engines/webkit-circle.test.ts',
  'tests/engines/firefox-circle.test.ts',
  'tests/engines/firefox-return.test.ts',
  'tests/entry-point/backup-restore.test.ts',
  'tests/entry-point/start-and-stop.test.ts',
  'server/test/fuzz/openapi-fuzz-villages.test.ts',
  'tests/faults/replay-under-faults-pglite.test.ts',
  'server/test/permission-matrix.test.ts',
  'server/test/fuzz/openapi-fuzz-outside-villages.test.ts',
  'server/backup/restore.test.ts',
  'tests/faults/replay-under-faults-two-instances.test.ts',
  'tests/faults/database-down.test.ts',
  'server/test/bad-input.test.ts',
  'tests/faults/replay-under-faults-postgres.test.ts',
  'tests/lint/shared-worker.test.ts',
];
const rank = new Map(SLOWEST_FIRST.map((file, i) => [file, i]));

/**
 * Vitest's own order (groups, then projects, then what it timed before); a project with a file it has not timed
 * (a clean clone) takes the list's order instead, the files missing from it after, in Vitest's order.
 */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const path = (file: TestSpecification) => relative(this.ctx.config.root, file.moduleId);
    const untimed = new Set(
      sorted.filter((file) => !this.ctx.cache.getFileTestResults(`${file.project.name}:${path(file)}`)).map((file) => file.project.name),
    );
    const position = new Map(sorted.map((file, i) => [file, i]));
    const hint = (file: TestSpecification) => (untimed.has(file.project.name) ? (rank.get(path(file)) ?? SLOWEST_FIRST.length) : 0);
    // Projects keep their places: only files of one project are ever reordered among themselves.
    return [...sorted].sort((a, b) =>
      a.project.name === b.project.name ? hint(a) - hint(b) || position.get(a)! - position.get(b)! : position.get(a)! - position.get(b)!,
    );
  }
}
