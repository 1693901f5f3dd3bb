// Every `pnpm <command>` the README and docs/ tell people to run exists at the repository root:
// a documented command that answers "Command not found" is the first thing a new operator meets.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../lib/builds.mjs';

/** pnpm's own commands, which need no script. */
const PNPM_COMMANDS = new Set([
  'install',
  'i',
  'add',
  'exec',
  'dlx',
  'run',
  'remove',
  'update',
  'list',
  'why',
  'store',
  'rebuild',
  'outdated',
  'audit',
  'licenses',
  'root',
  'bin',
]);

const documents = () => [
  path.join(repoRoot, 'README.md'),
  ...fs
    .readdirSync(path.join(repoRoot, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join(repoRoot, 'docs', file)),
  path.join(repoRoot, 'functions', '.env.example'),
];

test('every pnpm command the documentation names is a script of the root package.json', () => {
  const scripts = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).scripts;
  const missing = [];
  for (const file of documents()) {
    for (const [, command] of fs.readFileSync(file, 'utf8').matchAll(/\bpnpm ([a-z][a-z0-9:_-]*)/g)) {
      if (!PNPM_COMMANDS.has(command) && !(command in scripts)) missing.push(`${path.relative(repoRoot, file)}: pnpm ${command}`);
    }
  }
  assert.deepEqual([...new Set(missing)], []);
});
