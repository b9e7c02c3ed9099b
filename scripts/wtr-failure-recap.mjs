// A web-test-runner reporter that repeats every failure at the very end of the run. CI logs are
// often read from their tail (or kept only in part); the default reporter prints a failure once,
// when its file finishes, which can be thousands of lines earlier.
export function failureRecapReporter() {
  let failures = [];
  return {
    onTestRunFinished({ sessions }) {
      failures = [];
      for (const session of sessions) {
        for (const error of session.errors ?? []) {
          failures.push(`${session.testFile}\n    (file) ${error.message}`);
        }
        collect(session.testFile, session.testResults, [], failures);
      }
    },
    stop() {
      if (failures.length === 0) return;
      console.log(`\nFailed (${failures.length}):`);
      for (const failure of failures) console.log(`  ✗ ${failure}`);
    },
  };
}

function collect(file, suite, path, out) {
  if (!suite) return;
  const here = suite.name ? [...path, suite.name] : path;
  for (const test of suite.tests) {
    if (test.passed || test.skipped) continue;
    out.push(`${file}\n    ${[...here, test.name].join(' › ')}\n    ${test.error?.message ?? 'failed'}`);
  }
  for (const child of suite.suites) collect(file, child, here, out);
}
