import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '@blooms/shared/contract/app-config';
import { LEGACY_REMOTE_ROUTES } from '@blooms/shared/contract/routes';
import { MANIFEST_ROUTES_KEY } from '@blooms/shared/contract/site-routes';
import { createMigratedDatabase, type TestDatabase } from './support/databases';
import { startTestServer, testConfig } from './support/test-server';
import { deployedFileWriter } from './support/deployed-files';

const INDEX = '<!doctype html><html><head><title>Monthly Blooms</title></head><body><div id="root"></div></body></html>';

/** A remote's mf-manifest.json: the names it exposes, and its routes where its build declares them. */
function manifest(exposes: string[], routes?: object[]) {
  return JSON.stringify({
    name: 'staff',
    metaData: { name: 'staff', ...(routes ? { [MANIFEST_ROUTES_KEY]: routes } : {}) },
    exposes: exposes.map((name) => ({ name, path: `./${name}` })),
  });
}

const STAFF_NOW = manifest(
  ['Dashboard', 'MyDeliveries', 'Forecast', 'DeliveryNotes'],
  [
    { path: '/dashboard', module: 'Dashboard', access: 'staff', nav: 'Today' },
    { path: '/my-deliveries', module: 'MyDeliveries', access: 'staff', nav: 'My Deliveries', opensWhileChecking: true },
    { path: '/forecast', module: 'Forecast', access: 'staff', nav: 'Forecast' },
    { path: '/delivery-notes', module: 'DeliveryNotes', access: 'staff', nav: 'Notes' },
  ],
);
/** A staff build from before remotes declared routes, older than the forecast. */
const STAFF_BEFORE = manifest(['Dashboard', 'MyDeliveries']);

describe("what is live: the remotes' builds, their pins and the routes they declare", () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let root: string;
  const logged: string[] = [];
  const write = deployedFileWriter(() => root);
  const appConfig = async () => (await app.inject('/app-config.json')).json<AppConfig>();

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-live-'));
    write('builds/host/dist/index.html', INDEX);
    write('builds/staff-remote/dist/mf-manifest.json', STAFF_NOW);
    write('builds/staff-remote/dist/remoteEntry.js', '/* the latest build */');
    database = await createMigratedDatabase('pglite');
    app = await startTestServer(database, {
      config: testConfig({ SERVE_STATIC: 'true', STATIC_ROOT: path.join(root, 'builds'), RELEASES_DIR: path.join(root, 'releases') }),
      logTo: { write: (line) => void logged.push(line) },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("serves a screen a remote's build declares, with no host release: in app-config.json, as a page, kept from search engines", async () => {
    const { routes } = await appConfig();
    expect(routes).toContainEqual({ path: '/delivery-notes', module: 'DeliveryNotes', access: 'staff', nav: 'Notes', remote: 'staff' });
    const page = await app.inject('/delivery-notes');
    expect(page.statusCode).toBe(200);
    // Its remote's files are hinted with the page, and Firebase Auth's (a staff page).
    expect(page.headers.link).toContain('</remotes/staff/mf-manifest.json>; rel=preload');
    expect((await app.inject('/robots.txt')).body).toContain('Disallow: /delivery-notes');
    expect((await app.inject('/no/such/page')).statusCode).toBe(404);
  });

  it('keeps the routes from before for a build that declares none, and marks the ones it does not expose, logging which', async () => {
    write('builds/staff-remote/dist/mf-manifest.json', STAFF_BEFORE);
    const { routes } = await appConfig();
    const staff = routes!.filter((route) => route.remote === 'staff');
    expect(staff).toEqual(
      LEGACY_REMOTE_ROUTES.filter((route) => route.remote === 'staff').map((route) =>
        route.module === 'Forecast' ? { ...route, unavailable: true } : route,
      ),
    );
    expect((await app.inject('/delivery-notes')).statusCode).toBe(404);
    expect(logged.join('')).toContain('staff: /forecast needs the module Forecast, which the staff build that is live does not expose');
    write('builds/staff-remote/dist/mf-manifest.json', STAFF_NOW);
  });

  it("names a pinned version's manifest and serves its files beside the latest build; the others stay unpinned", async () => {
    write('releases/staff/versions/0a1b2c3d4e5f/mf-manifest.json', STAFF_BEFORE);
    write('releases/staff/versions/0a1b2c3d4e5f/remoteEntry.js', '/* a version shipped before */');
    write('releases/staff/live.json', JSON.stringify({ version: '0a1b2c3d4e5f' }));
    const config = await appConfig();
    expect(config.remotes.staff).toBe('/remotes/staff/versions/0a1b2c3d4e5f/mf-manifest.json');
    expect(config.versions).toEqual({ marketing: null, subscribe: null, staff: '0a1b2c3d4e5f', admin: null });
    expect(config.remotes.admin).toBe('/remotes/admin/mf-manifest.json');
    // Its routes are the pinned build's: that one is from before the forecast.
    expect(config.routes!.find((route) => route.path === '/forecast')?.unavailable).toBe(true);
    expect((await app.inject('/remotes/staff/versions/0a1b2c3d4e5f/remoteEntry.js')).body).toBe('/* a version shipped before */');
    expect((await app.inject('/remotes/staff/remoteEntry.js')).body).toBe('/* the latest build */');
    expect((await app.inject('/dashboard')).headers.link).toContain('</remotes/staff/versions/0a1b2c3d4e5f/remoteEntry.js>; rel=preload');
  });

  it('serves the latest build where the pinned version is not there, and logs it', async () => {
    write('releases/staff/live.json', JSON.stringify({ version: 'ffffffffffff' }));
    const config = await appConfig();
    expect(config.remotes.staff).toBe('/remotes/staff/mf-manifest.json');
    expect(config.versions!.staff).toBeNull();
    expect(logged.join('')).toContain('staff: the pinned version ffffffffffff is not on its site; its latest build is live');
  });
});

describe('an API-only server (pnpm dev, remotes served elsewhere)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let site: http.Server;

  beforeAll(async () => {
    // The staff remote's own server (its dev server, or a site of its own).
    site = http.createServer((req, res) => (req.url === '/mf-manifest.json' ? res.end(STAFF_NOW) : res.writeHead(404).end()));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const { port } = site.address() as { port: number };
    database = await createMigratedDatabase('pglite');
    app = await startTestServer(database, { config: testConfig({ REMOTE_STAFF_URL: `http://127.0.0.1:${port}/mf-manifest.json` }) });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await new Promise((resolve) => site.close(resolve));
  });

  it("reads the routes from the remote's own manifest; the others keep the routes from before", async () => {
    const { routes } = (await app.inject('/app-config.json')).json<AppConfig>();
    expect(routes!.find((route) => route.path === '/delivery-notes')).toMatchObject({ remote: 'staff', module: 'DeliveryNotes' });
    expect(routes!.filter((route) => route.remote === 'admin')).toEqual(LEGACY_REMOTE_ROUTES.filter((route) => route.remote === 'admin'));
  });
});
