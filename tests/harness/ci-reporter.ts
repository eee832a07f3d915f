import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/** Ends the run with the plain line CI reads: `N passed, N failed, N skipped`. A test file that
 * fails to load (its module errored) counts as one failure so it cannot hide. With
 * FAENA_TEST_COUNTS set, the same counts are also written there as JSON, so a script that runs
 * several suites (.ci/run: Node 20 and Node 24) can add them up. */
export default class CiSummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const m of testModules) {
      let tests = 0;
      for (const t of m.children.allTests()) {
        tests++;
        const state = t.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (m.state() === 'failed' && tests === 0) failed++;
      else if (m.errors().length) failed += m.errors().length;
    }
    failed += unhandledErrors.length;
    if (process.env.FAENA_TEST_COUNTS) writeFileSync(process.env.FAENA_TEST_COUNTS, JSON.stringify({ passed, failed, skipped }));
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
