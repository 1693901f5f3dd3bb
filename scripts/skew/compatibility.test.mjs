import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { compatibility, satisfies } from './compatibility.mjs';

const COMMIT = '63c131879578ea2fe0fb24820c3759cc3c8febae';
const REMOTES = { marketing: ['Home'], subscribe: ['Subscribe'], staff: ['Dashboard', 'Forecast'], admin: ['Users'] };
const ROUTES = Object.entries(REMOTES).flatMap(([remote, modules]) =>
  modules.map((module) => ({ path: `/${module.toLowerCase()}`, remote, module, access: 'public' })),
);
const shared = (version, required) => [{ name: '@blooms/shared/runtime/auth-store', version, requiredVersion: required }];

const made = [];
after(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A release's tree as the check reads it: its route tables, its remotes' declarations, its builds' manifests. */
function tree({ routesTs, exposes, runtime = '1.0.0', required = `^${runtime}` }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-compat-'));
  made.push(dir);
  const write = (file, text) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  write('shared/src/contract/routes.ts', routesTs);
  write('shared/package.json', JSON.stringify({ version: runtime }));
  write('host/dist/mf-manifest.json', JSON.stringify({ shared: shared(runtime, required) }));
  for (const [remote, modules] of Object.entries(REMOTES)) {
    write(`${remote}-remote/exposes.cjs`, exposes(remote, modules));
    write(`${remote}-remote/dist/mf-manifest.json`, JSON.stringify({ shared: shared(runtime, required) }));
  }
  return dir;
}

/** The previous release: a host with its own route table, remotes that only expose. */
const previous = (options = {}) =>
  tree({
    routesTs: `export const REMOTE_ROUTES = ${JSON.stringify(ROUTES)};`,
    exposes: (_, modules) => `exports.exposes = ${JSON.stringify(Object.fromEntries(modules.map((m) => [`./${m}`, `./src/${m}.tsx`])))};`,
    ...options,
  });

/** This release: remotes that declare their screens, a host with the routes from before. */
const current = ({ legacy = ROUTES, modules = REMOTES, ...options } = {}) =>
  tree({
    routesTs: `export const LEGACY_REMOTE_ROUTES = ${JSON.stringify(legacy)};`,
    exposes: (remote) =>
      `exports.screens = ${JSON.stringify(modules[remote].map((module) => ({ path: `/${module.toLowerCase()}`, module, access: 'public', file: 'x' })))};`,
    ...options,
  });

const check = (currentDir, previousDir, options = {}) =>
  compatibility({ currentDir, previousDir, commit: COMMIT, changed: () => false, accepted: [], ...options });
const modules = (result) => result.problems.map((problem) => problem.module);

test('versions satisfy a ^ requirement of their major, from its version up', () => {
  assert.ok(satisfies('1.3.0', '^1.2.0') && satisfies('19.3.1', '^19.0.0') && satisfies('0.4.2', '^0.4.0'));
  assert.ok(!satisfies('1.1.0', '^1.2.0') && !satisfies('2.0.0', '^1.0.0') && !satisfies('0.5.0', '^0.4.0'));
});

test('releases that work together have nothing to say', () => {
  assert.deepEqual(check(current(), previous()), { problems: [], accepted: [], notes: [] });
});

test('a module the previous host routes to and a remote stops exposing is named', () => {
  const result = check(current({ modules: { ...REMOTES, staff: ['Dashboard'] } }), previous());
  assert.deepEqual(modules(result), ['staff/Forecast']);
  assert.match(result.problems[0].text, /routes \/forecast to staff\/Forecast, which the staff remote no longer exposes/);
});

test('a route from before that names a module the previous remote does not expose is named', () => {
  const legacy = [...ROUTES, { path: '/delivery-notes', remote: 'staff', module: 'DeliveryNotes', access: 'staff' }];
  assert.deepEqual(modules(check(current({ legacy }), previous())), ['staff/DeliveryNotes']);
});

test('a new major of the shared runtime is named on both sides, unless accepted', () => {
  const result = check(current({ runtime: '2.0.0' }), previous());
  assert.deepEqual([...new Set(modules(result))], ['@blooms/shared/runtime/auth-store']);
  assert.match(
    result.problems[0].text,
    /The marketing remote of the previous release \(63c131879578\) needs @blooms\/shared\/runtime\/auth-store \^1\.0\.0; the host of this release provides 2\.0\.0/,
  );
  assert.match(
    result.problems.at(-1).text,
    /The admin remote of this release needs @blooms\/shared\/runtime\/auth-store \^2\.0\.0; the host of the previous release \(63c131879578\) provides 1\.0\.0/,
  );
  const accepted = check(current({ runtime: '2.0.0' }), previous(), { accepted: ['@blooms/shared/runtime/auth-store'] });
  assert.equal(accepted.problems.length, 0);
  assert.equal(accepted.accepted.length, 8);
});

test('the shared runtime changed with its version left as it was is named', () => {
  const changed = (file) => file === 'shared/src/runtime/auth-store.ts';
  const result = check(current(), previous(), { changed });
  assert.deepEqual(modules(result), ['@blooms/shared/runtime/auth-store']);
  assert.match(result.problems[0].text, /changed since the previous release, but @blooms\/shared is still 1\.0\.0/);
  assert.deepEqual(modules(check(current({ runtime: '1.0.1', required: '^1.0.0' }), previous(), { changed })), []);
});

test('once every remote of the previous release declares its routes, the table from before can go', () => {
  assert.match(check(current(), current()).notes[0], /LEGACY_REMOTE_ROUTES .* can be removed/);
});
