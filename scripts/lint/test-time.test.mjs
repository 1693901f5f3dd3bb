// Proves that `pnpm lint` refuses a test that reads today's date itself, or a browser spec
// that takes `test` from Playwright rather than the suite's own (whose contexts share the
// suite's clock): docs/testing.md, "A test's date". Run by `pnpm lint`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ESLint } from 'eslint';
import { repoRoot } from '../lib/builds.mjs';

const eslint = new ESLint({ cwd: repoRoot });

async function ruleErrors(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax' || m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const refused = [
  ['a backend test reading today', 'functions/test/x.test.ts', 'export const today = new Date();'],
  ['a test fixture reading today', 'functions/test/support/x.ts', 'export const now = () => new Date();'],
  ['a browser spec reading today', 'e2e/tests/x.spec.ts', 'export const today = new Date();'],
  [
    'a browser spec taking test from Playwright',
    'e2e/tests/x.spec.ts',
    "import { expect, test } from '@playwright/test';\nexport { expect, test };",
  ],
];
for (const [what, filePath, code] of refused) {
  test(`refuses ${what}`, async () => {
    assert.notDeepEqual(await ruleErrors(filePath, code), []);
  });
}

const allowed = [
  ['a fixed moment in a test', 'functions/test/x.test.ts', "export const at = new Date('2028-02-29T12:00:00Z');"],
  [
    'a moment made from the suite’s time',
    'functions/test/x.test.ts',
    'export const later = (now: Date) => new Date(now.getTime() + 1000);',
  ],
  ['Playwright types in a spec', 'e2e/tests/x.spec.ts', "import type { Page } from '@playwright/test';\nexport type P = Page;"],
  ['today read by the product itself', 'staff-remote/src/features/x.ts', 'export const today = new Date();'],
];
for (const [what, filePath, code] of allowed) {
  test(`allows ${what}`, async () => {
    assert.deepEqual(await ruleErrors(filePath, code), []);
  });
}
