import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { createMigratedDatabase, type TestDatabase } from './support/databases';
import { startTestServer, testConfig } from './support/test-server';
import { addUser } from './support/fixtures';
import { signInWithGoogle } from './support/identities';

/** A fake set of builds laid out like the real repo: host/dist and {name}-remote/dist. */
function makeBuilds(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-builds-'));
  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  };
  write('host/dist/index.html', '<!doctype html><title>host</title><div id="root"></div>');
  write('host/dist/main.js', 'console.log("host entry");'.repeat(100));
  write('host/dist/auth.0123abcd.js', 'console.log("hashed chunk");');
  write(
    'host/dist/startup-files.json',
    JSON.stringify({ app: ['react.0123abcd.js', 'styles.0123abcd.css'], signIn: ['auth.0123abcd.js', 'react.0123abcd.js'] }),
  );
  // A build's precompressed copies, as compression-webpack-plugin writes them.
  write('host/dist/vendor.89abcdef.js', 'console.log("vendor");'.repeat(200));
  fs.writeFileSync(
    path.join(root, 'host/dist/vendor.89abcdef.js.br'),
    zlib.brotliCompressSync(fs.readFileSync(path.join(root, 'host/dist/vendor.89abcdef.js'))),
  );
  write('marketing-remote/dist/remoteEntry.js', 'var marketing;');
  write('marketing-remote/dist/mf-manifest.json', '{"name":"marketing"}');
  write('marketing-remote/dist/__federation_expose_Home.89abcdef.js', 'export {};');
  write('host/dist/main.js.map', '{"sources":["secret/source.ts"]}');
  return root;
}

describe('the standalone server', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let builds: string;

  beforeAll(async () => {
    builds = makeBuilds();
    database = await createMigratedDatabase('pglite');
    app = await startTestServer(database, {
      config: testConfig({
        SERVE_STATIC: 'true',
        STATIC_ROOT: builds,
        CONTACT_EMAIL: 'flowers@shop.example',
        REMOTE_STAFF_URL: 'https://staff.cdn.example/mf-manifest.json',
      }),
    });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    fs.rmSync(builds, { recursive: true, force: true });
  });

  it('reports health with a database check (the rest of health: operations.test.ts)', async () => {
    const response = await app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'pglite', checks: { database: { ok: true } } });
  });

  it('hands the browser its runtime configuration: remotes, sign-in and contact details', async () => {
    const response = await app.inject('/app-config.json');
    expect(response.headers['cache-control']).toBe('no-cache');
    const config = response.json();
    expect(config.remotes).toEqual({
      marketing: '/remotes/marketing/mf-manifest.json',
      subscribe: '/remotes/subscribe/mf-manifest.json',
      staff: 'https://staff.cdn.example/mf-manifest.json',
      admin: '/remotes/admin/mf-manifest.json',
    });
    expect(config.authEmulatorUrl).toBe(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`);
    expect(config.site.contactEmail).toBe('flowers@shop.example');
    // The test checkout on one server: admins have the test clock.
    expect(config.testClock).toBe(true);
  });

  it('caches content-hashed files forever and revalidates everything else', async () => {
    const cacheOf = async (url: string) => (await app.inject(url)).headers['cache-control'];
    expect(await cacheOf('/auth.0123abcd.js')).toBe('public, max-age=31536000, immutable');
    expect(await cacheOf('/remotes/marketing/__federation_expose_Home.89abcdef.js')).toBe('public, max-age=31536000, immutable');
    expect(await cacheOf('/')).toBe('no-cache');
    expect(await cacheOf('/main.js')).toBe('no-cache');
    expect(await cacheOf('/remotes/marketing/remoteEntry.js')).toBe('no-cache');
    expect(await cacheOf('/remotes/marketing/mf-manifest.json')).toBe('no-cache');
  });

  it("tells browsers to preload start.js, the host's entry and the chunks it starts, the configuration and the page's remote", async () => {
    const start =
      '</start.js>; rel=preload; as=script, </main.js>; rel=preload; as=script, </app-config.json>; rel=preload; as=fetch; crossorigin=anonymous';
    const appChunks = '</react.0123abcd.js>; rel=preload; as=script, </styles.0123abcd.css>; rel=preload; as=style';
    expect((await app.inject('/faq')).headers.link).toBe(
      `${start}, </remotes/marketing/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous, </remotes/marketing/remoteEntry.js>; rel=preload; as=script, ${appChunks}`,
    );
    expect((await app.inject('/')).headers.link).toContain('</remotes/marketing/remoteEntry.js>; rel=preload; as=script');
    // A staff page starts the sign-in at once: Firebase Auth's chunks come first, each chunk once.
    expect((await app.inject('/dashboard')).headers.link).toBe(
      `${start}, <https://staff.cdn.example/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous, <https://staff.cdn.example/remoteEntry.js>; rel=preload; as=script, </auth.0123abcd.js>; rel=preload; as=script, ${appChunks}`,
    );
    expect((await app.inject('/login')).headers.link).toBe(`${start}, </auth.0123abcd.js>; rel=preload; as=script, ${appChunks}`);
    expect((await app.inject('/no/such/page')).headers.link).toBe(`${start}, ${appChunks}`);
  });

  it('sends the precompressed Brotli copy when the browser accepts it, cached like the original', async () => {
    const response = await app.inject({ url: '/vendor.89abcdef.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe('console.log("vendor");'.repeat(200));
    const plain = await app.inject({ url: '/vendor.89abcdef.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.body).toBe('console.log("vendor");'.repeat(200));
  });

  it('compresses what it serves', async () => {
    const response = await app.inject({ url: '/main.js', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it("serves the host's page for the site's routes, and for unknown paths with status 404 so the 404 page can render", async () => {
    for (const [url, status] of [
      ['/dashboard', 200],
      ['/login', 200],
      ['/faq?ref=mail', 200],
      ['/no/such/page', 404],
      ['/faq/extra', 404],
    ] as const) {
      const response = await app.inject(url);
      expect({ url, status: response.statusCode }).toEqual({ url, status });
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('answers unknown API paths and missing remote files with a JSON 404', async () => {
    for (const url of ['/api/nothing-here', '/remotes/admin/remoteEntry.js']) {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('not-found');
    }
  });

  it('serves robots.txt and a sitemap of the public pages with absolute URLs', async () => {
    const robots = await app.inject('/robots.txt');
    expect(robots.body).toContain('Disallow: /dashboard');
    expect(robots.body).toContain('Disallow: /figures');
    expect(robots.body).toMatch(/^Sitemap: http:\/\/localhost(:80)?\/sitemap\.xml$/m);
    const sitemap = await app.inject('/sitemap.xml');
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toMatch(/<loc>http:\/\/localhost(:80)?\/faq<\/loc>/);
    expect(sitemap.body).not.toContain('/dashboard');
  });

  it("sends a Content-Security-Policy that allows the emulator and the remotes' origins (their scripts, style sheets, pictures), and no inline scripts", async () => {
    const csp = (await app.inject('/')).headers['content-security-policy'] as string;
    const directive = (name: string) => csp.split(';').find((d) => d.startsWith(`${name} `));
    expect(directive('script-src')).toBe("script-src 'self' https://staff.cdn.example");
    expect(directive('connect-src')).toContain(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`);
    expect(directive('connect-src')).toContain('https://staff.cdn.example');
    expect(directive('style-src')).toBe("style-src 'self' 'unsafe-inline' https://staff.cdn.example");
    expect(directive('img-src')).toBe("img-src 'self' data: blob: https://staff.cdn.example");
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive('object-src')).toBe("object-src 'none'");
    for (const url of ['/faq', '/dashboard', '/no/such/page', '/checkout/test/cs_test_local_nope', '/api/health']) {
      expect({ url, csp: (await app.inject(url)).headers['content-security-policy'] }).toEqual({ url, csp });
    }
  });

  it('keeps source maps to itself', async () => {
    expect((await app.inject('/main.js.map')).statusCode).toBe(404);
    expect((await app.inject('/main.js')).statusCode).toBe(200);
  });

  it('never lets a forged Host header into the sitemap or robots.txt', async () => {
    const forged = { host: 'evil.example' };
    expect((await app.inject({ url: '/sitemap.xml', headers: forged })).body).not.toContain('evil.example');
    expect((await app.inject({ url: '/robots.txt', headers: forged })).body).not.toContain('evil.example');
    expect((await app.inject({ url: '/robots.txt', headers: { host: '127.0.0.1:8080' } })).body).toContain(
      'Sitemap: http://127.0.0.1:8080/sitemap.xml',
    );
  });

  it('sends no HSTS for a plain-http site', async () => {
    expect((await app.inject('/')).headers['strict-transport-security']).toBeUndefined();
  });

  it('tells every cache to keep nothing of what is behind sign-in, and of the checkout calls', async () => {
    await addUser(database.db, 'Ada Admin', 'ada-headers@blooms.example', 'admin');
    const { idToken } = await signInWithGoogle('ada-headers@blooms.example');
    const auth = { authorization: `Bearer ${idToken}` };
    for (const url of ['/api/me', '/api/users', '/api/staff', '/api/subscriptions?month=2026-11', '/api/my-deliveries?month=2026-11']) {
      const response = await app.inject({ url, headers: auth });
      expect({ url, status: response.statusCode, cache: response.headers['cache-control'] }).toEqual({
        url,
        status: 200,
        cache: 'no-store',
      });
    }
    expect((await app.inject({ url: '/api/me' })).headers['cache-control']).toBe('no-store');
    const verify = await app.inject({ method: 'POST', url: '/api/verifyCheckoutSession', payload: { data: { sessionId: 'cs_nope' } } });
    expect(verify.headers['cache-control']).toBe('no-store');
  });
});

describe('a site served over https, with its API on another origin', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createMigratedDatabase('pglite');
    app = await startTestServer(database, {
      config: testConfig({ PUBLIC_URL: 'https://blooms.example', PAYMENTS: 'test', CORS_ORIGINS: 'https://blooms.example' }),
    });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it('sends HSTS', async () => {
    expect((await app.inject('/api/health')).headers['strict-transport-security']).toMatch(/^max-age=\d+/);
  });

  it("answers the site's preflight and calls, and no other origin's", async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/createCheckoutSession',
      headers: {
        origin: 'https://blooms.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://blooms.example');
    expect(preflight.headers['access-control-allow-headers']).toContain('Content-Type');
    const call = await app.inject({ url: '/api/health', headers: { origin: 'https://blooms.example' } });
    expect(call.headers['access-control-allow-origin']).toBe('https://blooms.example');

    const other = await app.inject({ url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const otherPreflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/health',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(otherPreflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('makes absolute links from PUBLIC_URL only', async () => {
    expect((await app.inject({ url: '/robots.txt', headers: { host: 'evil.example' } })).body).toContain(
      'Sitemap: https://blooms.example/sitemap.xml',
    );
  });
});
