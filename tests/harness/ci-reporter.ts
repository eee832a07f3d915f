import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/** Ends the run with the plain line CI reads: `N passed, N failed, N skipped`. A test file that
 * fails to load (its module errored) counts as one failure so it cannot hide. With
 * FAENA_TEST_COUNTS set, the same counts are also written there as JSON, so a script that runs
 * several suites (.ci/run: Node 20 and Node 24) can add them up, with the failed tests' names and
 * first error lines, which .ci/run prints again just above its closing line. */
export default class CiSummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const failures: string[] = [];
    const firstLine = (e: unknown) => String((e as { message?: string })?.message ?? e).split('\n')[0].slice(0, 300);
    for (const m of testModules) {
      let tests = 0;
      for (const t of m.children.allTests()) {
        tests++;
        const state = t.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') {
          failed++;
          failures.push(`${m.moduleId.replace(process.cwd() + '/', '')} > ${t.fullName}: ${firstLine(t.result().errors?.[0])}`);
        }
        else skipped++;
      }
      const file = m.moduleId.replace(process.cwd() + '/', '');
      if (m.state() === 'failed' && tests === 0) {
        failed++;
        failures.push(`${file}: ${firstLine(m.errors()[0]) || 'did not load'}`);
      } else if (m.errors().length) {
        failed += m.errors().length;
        for (const e of m.errors()) failures.push(`${file}: ${firstLine(e)}`);
      }
    }
    failed += unhandledErrors.length;
    for (const e of unhandledErrors) failures.push(`unhandled: ${firstLine(e)}`);
    if (process.env.FAENA_TEST_COUNTS) writeFileSync(process.env.FAENA_TEST_COUNTS, JSON.stringify({ passed, failed, skipped, failures }));
    // The failures again at the very end, where a log cut to its tail still shows them.
    for (const f of failures) process.stdout.write(`\nFAILED ${f}`);
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
