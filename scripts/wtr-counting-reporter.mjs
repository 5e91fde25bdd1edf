import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Writes {passed, failed} for web-test-runner so scripts/test-all.mjs can sum every runner. */
export function countingReporter(outputFile) {
  return {
    onTestRunFinished({ sessions }) {
      let passed = 0;
      let failed = 0;
      const walk = (suite) => {
        for (const test of suite.tests ?? []) {
          if (test.skipped) continue;
          if (test.passed) passed += 1;
          else failed += 1;
        }
        for (const child of suite.suites ?? []) walk(child);
      };
      for (const session of sessions) {
        if (session.testResults) walk(session.testResults);
        // A file that failed to load has no results; count it as one failure.
        if (!session.passed && (!session.testResults || session.errors?.length)) failed += session.errors?.length ? 1 : 0;
      }
      mkdirSync(dirname(outputFile), { recursive: true });
      writeFileSync(outputFile, JSON.stringify({ passed, failed }));
    },
  };
}
