import assert from 'node:assert/strict';
import { test } from 'node:test';
import { failureLines } from './failure-lines.mjs';

test("names Playwright's failed tests and its counts, not the passed ones", () => {
  const output = [
    '  ✓   12 tests/refund.spec.ts:52:1 › an admin refunds part of a paid month (19.0s)',
    '  ✘   13 tests/failed-attempt.spec.ts:40:1 › a dispatcher reschedules (12.1s)',
    '  1 failed',
    '    [chromium] › tests/failed-attempt.spec.ts:40:1 › a dispatcher reschedules',
    '  161 passed (18.2m)',
  ].join('\n');
  assert.deepEqual(failureLines(output), ['  ✘   13 tests/failed-attempt.spec.ts:40:1 › a dispatcher reschedules (12.1s)', '  1 failed']);
});

test("names jest's failed files and tests once each, without colour codes", () => {
  const output = [
    '\u001b[1m\u001b[31mFAIL\u001b[39m\u001b[22m test/billing.test.ts (12 s)',
    'PASS test/receipts.test.ts',
    '  ● billing › charges a month once',
    '  ● billing › charges a month once',
  ].join('\n');
  assert.deepEqual(failureLines(output), ['FAIL test/billing.test.ts (12 s)', '  ● billing › charges a month once']);
});

test('names a stack that never started, and stops at the limit', () => {
  const output = [
    'Error: Timed out waiting 300000ms from config.webServer.',
    ...Array.from({ length: 5 }, (_, i) => `FAIL  edge ${i}`),
  ].join('\n');
  assert.deepEqual(failureLines(output, 3), [
    'Error: Timed out waiting 300000ms from config.webServer.',
    'FAIL  edge 0',
    'FAIL  edge 1',
    '… and 3 more',
  ]);
});

test('finds nothing in a run that passed', () => {
  assert.deepEqual(failureLines('PASS test/a.test.ts\n  ✓ 1 tests/a.spec.ts › works\n  3 passed (2s)\n'), []);
});
