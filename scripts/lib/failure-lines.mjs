// The lines of a step's output that name what failed, repeated under the summary at the end of
// `pnpm test`: a CI log is often read from its tail, and a step's own report of its failures is
// far above it, followed by every later step's output.

// eslint-disable-next-line no-control-regex -- colour codes start with ESC
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

/** Playwright's failed test (list reporter), jest's failed file and test, the suites' own FAIL rows, run-level errors and counts. */
const FAILURE = [
  /^\s*✘/,
  /^\s*FAIL\s/,
  /^\s*●\s.*›/,
  /^\s*\d+ (failed|flaky|interrupted|did not run)\b/,
  /^Error\b/,
  /^\s*Timed out waiting .* from config\.webServer/,
];

/** At most `limit` distinct lines naming failures, in the order they came. */
export function failureLines(output, limit = 25) {
  const found = [];
  for (const raw of output.split('\n')) {
    const line = raw.replace(ANSI, '').trimEnd();
    if (FAILURE.some((pattern) => pattern.test(line)) && !found.includes(line)) found.push(line);
  }
  return found.length > limit ? [...found.slice(0, limit), `… and ${found.length - limit} more`] : found;
}
