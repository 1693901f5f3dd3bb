import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { keptVersions, liveVersion, pin, releaseLog, rollback, selfHostedStore, ship, type ReleaseStore } from '../deploy/release';

/** A remote's build folder as webpack leaves it: its manifest names the remote and its version. */
function fakeBuild(root: string, remote: string, version: string): string {
  const dir = path.join(root, `build-${remote}-${version}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ name: remote, metaData: { buildId: version }, exposes: [] }));
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${version} */`);
  fs.writeFileSync(path.join(dir, 'remoteEntry.js.br'), 'compressed');
  fs.writeFileSync(path.join(dir, 'remoteEntry.js.map'), '{}');
  return dir;
}

describe('pnpm release: one remote shipped, pinned and rolled back alone', () => {
  let root: string;
  let store: ReleaseStore;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-release-'));
    store = selfHostedStore(path.join(root, 'releases'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('keeps each build shipped as a version, makes it live, and records what is live beside it', () => {
    const first = ship(store, 'staff', fakeBuild(root, 'staff', 'aaa111'));
    expect(first).toMatchObject({ action: 'ship', remote: 'staff', version: 'aaa111', previous: null });
    expect(first.live).toEqual({ marketing: null, subscribe: null, staff: 'aaa111', admin: null });
    ship(store, 'admin', fakeBuild(root, 'admin', 'ccc333'));
    const second = ship(store, 'staff', fakeBuild(root, 'staff', 'bbb222'));
    expect(second).toMatchObject({ version: 'bbb222', previous: 'aaa111' });
    expect(second.live).toEqual({ marketing: null, subscribe: null, staff: 'bbb222', admin: 'ccc333' });
    expect(keptVersions(store, 'staff')).toEqual(['aaa111', 'bbb222']);
    const site = store.siteOf('staff');
    expect(fs.readFileSync(path.join(site, 'versions/aaa111/remoteEntry.js'), 'utf8')).toBe('/* aaa111 */');
    // Self-hosted, the precompressed copies the server sends are kept; source maps never are.
    expect(fs.existsSync(path.join(site, 'versions/aaa111/remoteEntry.js.br'))).toBe(true);
    expect(fs.existsSync(path.join(site, 'versions/aaa111/remoteEntry.js.map'))).toBe(false);
    expect(JSON.parse(fs.readFileSync(path.join(site, 'live.json'), 'utf8'))).toEqual({ version: 'bbb222' });
    expect(releaseLog(store, 'staff').map((record) => record.version)).toEqual(['aaa111', 'bbb222']);
  });

  it('pins a kept version, and rolls back to the one live before; from the first ship, to the latest build unpinned', () => {
    ship(store, 'staff', fakeBuild(root, 'staff', 'aaa111'));
    ship(store, 'staff', fakeBuild(root, 'staff', 'bbb222'));
    expect(rollback(store, 'staff')).toMatchObject({ action: 'rollback', version: 'aaa111', previous: 'bbb222' });
    expect(liveVersion(store, 'staff')).toBe('aaa111');
    expect(pin(store, 'staff', 'bbb222')).toMatchObject({ action: 'pin', version: 'bbb222', previous: 'aaa111' });
    expect(liveVersion(store, 'staff')).toBe('bbb222');
    // A rollback after a pin undoes the pin.
    expect(rollback(store, 'staff')).toMatchObject({ version: 'aaa111', previous: 'bbb222' });
    ship(store, 'marketing', fakeBuild(root, 'marketing', 'mmm000'));
    expect(rollback(store, 'marketing')).toMatchObject({ version: null, previous: 'mmm000' });
    expect(fs.existsSync(path.join(store.siteOf('marketing'), 'live.json'))).toBe(false);
  });

  it('refuses a version that is not kept, a build of another remote, and a rollback with nothing before, naming what', () => {
    ship(store, 'staff', fakeBuild(root, 'staff', 'aaa111'));
    expect(() => pin(store, 'staff', 'zzz999')).toThrow('staff has no version zzz999 on its site. Kept: aaa111.');
    expect(() => ship(store, 'staff', fakeBuild(root, 'admin', 'ccc333'))).toThrow(/is a build of admin, not of staff\.$/);
    expect(() => rollback(store, 'subscribe')).toThrow('subscribe has no release recorded on its site: nothing to roll back to.');
    expect(liveVersion(store, 'staff')).toBe('aaa111');
  });
});
