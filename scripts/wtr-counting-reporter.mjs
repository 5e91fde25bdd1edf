import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Writes {passed, failed, failedTitles} for web-test-runner so scripts/test-all.mjs can sum every
 * runner and name the failed tests at the end of its output.
 */
export function countingReporter(outputFile) {
  return {
    onTestRunFinished({ sessions }) {
      let passed = 0;
      let failed = 0;
      const failedTitles = [];
      const walk = (suite, file, trail) => {
        for (const test of suite.tests ?? []) {
          if (test.skipped) continue;
          if (test.passed) passed += 1;
          else {
            failed += 1;
            failedTitles.push([file, ...trail, test.name].join(' › '));
          }
        }
        for (const child of suite.suites ?? []) walk(child, file, [...trail, child.name]);
      };
      for (const session of sessions) {
        const file = session.testFile.replace(`${process.cwd()}/`, '');
        if (session.testResults) walk(session.testResults, file, []);
        // A file that failed to load has no results; count it as one failure.
        if (!session.passed && session.errors?.length) {
          failed += 1;
          failedTitles.push(`${file}: ${session.errors[0]?.message ?? 'did not run'}`);
        }
      }
      mkdirSync(dirname(outputFile), { recursive: true });
      writeFileSync(outputFile, JSON.stringify({ passed, failed, failedTitles }));
    },
  };
}
