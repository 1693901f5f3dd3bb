import { PATH_ALIASES } from '@blooms/shared/contract/routes';
import fs from 'node:fs';
import http from 'node:http';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SCREEN_SLOT, type HostPrerender, type RemotePrerender } from '@blooms/shared/contract/prerender';
import { composePage, hostedAppFiles, withSiteContact } from '../src/http/public/page-html';
import { DEFAULT_SITE_CONTACT } from '@blooms/shared/contract/site';
import { buildPagesServer } from '../src/http/pages-server';
import { createMigratedDatabase, type TestDatabase } from './support/databases';
import { startTestServer, testConfig } from './support/test-server';
import { deployedFileWriter } from './support/deployed-files';
import { testNow } from './support/test-now';

const TOKEN = '/__public_path__/';
/** The host's page as html-webpack-plugin minifies it. */
const MINIFIED_INDEX =
  '<!doctype html><html lang=en><head><meta name=description content="The site."><title>Monthly Blooms</title><script defer src=/main.js></script></head><body><div id=root></div></body></html>';

const shell = (path: string) => ({
  head: '<link rel="preload" as="image" href="/favicon.svg"/>',
  body: `<header><a href="/faq"${path === '/faq' ? ' aria-current="page"' : ''}>FAQ</a></header><main id="main"><!--$-->${SCREEN_SLOT}<!--/$--></main><footer><p>© 2025 Monthly Blooms. All rights reserved.</p></footer>`,
});
const HOST: HostPrerender = {
  shells: { '/faq': shell('/faq'), '/': shell('/'), '/subscribe': shell('/subscribe'), '/confirmation': shell('/confirmation') },
};
const faqScreen = (heading: string) => ({
  head: `<link rel="preload" as="image" href="/favicon.svg"/><link rel="preload" as="image" href="${TOKEN}assets/faq.0123abcd.svg"/>`,
  body: `<div class="screen"><h1>${heading}</h1><img src="${TOKEN}assets/faq.0123abcd.svg" alt=""/></div>`,
  title: 'FAQ | Monthly Blooms',
  description: 'Answers & "more" <about> flowers.',
});
const MARKETING: RemotePrerender = { publicPath: TOKEN, screens: { Faq: faqScreen('Frequently Asked Questions') } };

describe('composing a prerendered page', () => {
  const page = composePage({
    index: MINIFIED_INDEX,
    shell: shell('/faq'),
    screen: faqScreen('Frequently Asked Questions'),
    css: 'h1{color:red}',
    publicPath: { token: TOKEN, url: 'https://cdn.example/marketing/' },
  });

  it("puts the route's shell into the host's root and the screen into the shell's slot", () => {
    expect(page).toContain(
      '<div id="root"><header><a href="/faq" aria-current="page">FAQ</a></header><main id="main"><!--$--><div class="screen"><h1>Frequently Asked Questions</h1>',
    );
    expect(page).not.toContain(SCREEN_SLOT);
    expect(page).toContain('</div><!--/$--></main><footer><p>© 2025 Monthly Blooms. All rights reserved.</p></footer></div></body>');
  });

  it("uses the screen's title and description, escaped", () => {
    expect(page).toContain('<title>FAQ | Monthly Blooms</title>');
    expect(page).toContain('<meta name="description" content="Answers &amp; &quot;more&quot; &lt;about&gt; flowers.">');
    expect(page).not.toContain('The site.');
  });

  it("points the remote's images at where the remote is served from, and preloads each once", () => {
    expect(page).toContain('<img src="https://cdn.example/marketing/assets/faq.0123abcd.svg"');
    expect(page).not.toContain(TOKEN);
    expect(page.match(/href="\/favicon.svg"/g)).toHaveLength(1);
    expect(page).toContain(
      '<link rel="preload" as="image" href="https://cdn.example/marketing/assets/faq.0123abcd.svg"/><style data-prerendered>h1{color:red}</style></head>',
    );
  });

  it('keeps $ sequences in content as they are', () => {
    const priced = composePage({
      index: MINIFIED_INDEX,
      shell: shell('/'),
      screen: { ...faqScreen('$99 a month, $& more'), description: null },
      css: '',
      publicPath: { token: TOKEN, url: '/' },
    });
    expect(priced).toContain('<h1>$99 a month, $& more</h1>');
    expect(priced).toContain('content="The site."');
  });
});

describe("this deployment's contact details in a prerendered page", () => {
  // What the apps' builds prerender: the default contact details, as React writes them.
  const asBuilt =
    '<footer><a href="mailto:hello@monthlyblooms.example">hello@monthlyblooms.example</a> <a href="tel:+18015550142">(801) 555-0142</a>' +
    '<!-- -->123 Placeholder Ave, Salt Lake City, UT 84101<a href="https://shelbyfloral.example">Shelby Floral</a>' +
    '<a href="https://instagram.com/monthlyblooms.example">Instagram</a></footer>';
  const site = {
    contactEmail: 'orders@blooms.example',
    phone: '(385) 555-0199',
    streetAddress: '9 Rose & Thorn Ln, Provo, UT 84601',
    sisterStudioName: 'Shelby Floral',
    sisterStudioUrl: 'https://studio.example/weddings',
    social: [{ label: 'Instagram', url: 'https://instagram.com/blooms' }, DEFAULT_SITE_CONTACT.social[1]!],
  };

  it('replaces every default the build prerendered, escaped, in text and links', () => {
    expect(withSiteContact(asBuilt, site)).toBe(
      '<footer><a href="mailto:orders@blooms.example">orders@blooms.example</a> <a href="tel:+13855550199">(385) 555-0199</a>' +
        '<!-- -->9 Rose &amp; Thorn Ln, Provo, UT 84601<a href="https://studio.example/weddings">Shelby Floral</a>' +
        '<a href="https://instagram.com/blooms">Instagram</a></footer>',
    );
  });

  it('leaves the page as built when the deployment uses the defaults', () => {
    expect(withSiteContact(asBuilt, DEFAULT_SITE_CONTACT)).toBe(asBuilt);
  });

  it('rewrites in one pass: a configured value that looks like another default stays as configured', () => {
    const swapped = { ...DEFAULT_SITE_CONTACT, contactEmail: DEFAULT_SITE_CONTACT.sisterStudioName, sisterStudioName: 'Other Studio' };
    expect(withSiteContact('hello@monthlyblooms.example / Shelby Floral', swapped)).toBe('Shelby Floral / Other Studio');
  });

  it('is applied to the whole composed page: title, description and body', () => {
    const page = composePage({
      index: MINIFIED_INDEX,
      shell: { head: '', body: `<main id="main">${SCREEN_SLOT}</main>${asBuilt}` },
      screen: {
        head: '',
        body: '<h1>Call (801) 555-0142</h1>',
        title: 'Reach hello@monthlyblooms.example',
        description: 'Or call (801) 555-0142.',
      },
      css: '',
      publicPath: { token: TOKEN, url: '/' },
      site,
    });
    expect(page).toContain('<title>Reach orders@blooms.example</title>');
    expect(page).toContain('content="Or call (385) 555-0199."');
    expect(page).toContain('<h1>Call (385) 555-0199</h1>');
    expect(page).not.toMatch(/monthlyblooms\.example|555-0142|Placeholder Ave/);
  });
});

describe('the server sending pages', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let now = testNow();
  let builds: string;
  const write = deployedFileWriter(() => builds);

  beforeAll(async () => {
    builds = fs.mkdtempSync(path.join(os.tmpdir(), 'blooms-pages-'));
    write('host/dist/index.html', MINIFIED_INDEX);
    write('host/dist/prerender/pages.json', JSON.stringify(HOST));
    write('host/dist/prerender/styles.css', '.site-header{color:blue}');
    write('marketing-remote/dist/prerender/pages.json', JSON.stringify(MARKETING));
    write('marketing-remote/dist/prerender/styles.css', '.screen{color:green}');
    database = await createMigratedDatabase('pglite');
    app = await startTestServer(database, {
      config: testConfig({
        SERVE_STATIC: 'true',
        STATIC_ROOT: builds,
        REMOTE_MARKETING_URL: 'https://cdn.example/marketing/mf-manifest.json',
        CONTACT_PHONE: '(385) 555-0199',
      }),
      clock: () => now,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    fs.rmSync(builds, { recursive: true, force: true });
  });

  it('sends a public page prerendered, with the CSS it needs inline', async () => {
    const response = await app.inject('/faq');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<h1>Frequently Asked Questions</h1>');
    expect(response.body).toContain('src="https://cdn.example/marketing/assets/faq.0123abcd.svg"');
    expect(response.body).toContain('<style data-prerendered>.site-header{color:blue}.screen{color:green}</style>');
    // It starts its app once the visitor uses it (host/public/start.js): no hints fetching the app first.
    expect(response.headers.link).toBeUndefined();
    // Nothing of anyone's on it: the browser may keep it in the process it has (no cold start).
    expect(response.headers['cross-origin-opener-policy']).toBe('unsafe-none');
  });

  it('sends the short addresses the header’s labels suggest on to their pages for good (301), keeping the query', async () => {
    for (const [from, to] of Object.entries(PATH_ALIASES)) {
      const response = await app.inject(`${from}?utm_source=card`);
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe(`${to}?utm_source=card`);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    expect(PATH_ALIASES).toMatchObject({ '/about': '/about-shelby-floral', '/collections': '/seasonal-collections' });
  });

  it('answers HEAD for a page as GET would, without the body', async () => {
    for (const url of ['/', '/faq', '/dashboard']) {
      const response = await app.inject({ method: 'HEAD', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toBe('');
    }
    expect((await app.inject({ method: 'HEAD', url: '/no/such/page' })).statusCode).toBe(404);
  });

  it('sends the plain page where the remote has not prerendered the screen, and for other paths', async () => {
    for (const url of ['/', '/subscribe', '/confirmation', '/dashboard', '/no/such/page']) {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(url === '/no/such/page' ? 404 : 200);
      expect(response.body).toBe(MINIFIED_INDEX);
      expect(response.headers.link).toContain('</app-config.json>; rel=preload');
      // Sign-in and staff screens: kept apart from whatever opened them, but Google's sign-in popup still answers.
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    }
  });

  it("writes the studio's year at the moment it serves into a page built in an earlier year", async () => {
    try {
      // 11:30 pm on 31 December in Salt Lake City: already 2027 in UTC.
      now = new Date('2027-01-01T06:30:00Z');
      expect((await app.inject('/faq')).body).toContain('<footer><p>© 2026 Monthly Blooms. All rights reserved.</p></footer>');
      now = new Date('2027-01-01T07:30:00Z');
      expect((await app.inject('/faq')).body).toContain('<footer><p>© 2027 Monthly Blooms. All rights reserved.</p></footer>');
    } finally {
      now = testNow();
    }
  });

  it('shows a redeployed remote at once', async () => {
    write(
      'marketing-remote/dist/prerender/pages.json',
      JSON.stringify({ ...MARKETING, screens: { Faq: faqScreen('Questions, answered') } }),
    );
    expect((await app.inject('/faq')).body).toContain('<h1>Questions, answered</h1>');
  });

  it("puts this deployment's contact details where the build prerendered the defaults", async () => {
    write(
      'marketing-remote/dist/prerender/pages.json',
      JSON.stringify({ ...MARKETING, screens: { Faq: faqScreen('Call (801) 555-0142') } }),
    );
    expect((await app.inject('/faq')).body).toContain('<h1>Call (385) 555-0199</h1>');
  });

  it('sends the plain page when a prerendered file is unreadable, and still works', async () => {
    write('marketing-remote/dist/prerender/pages.json', '{"publicPath": "/x/", "scr');
    const response = await app.inject('/faq');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(MINIFIED_INDEX);
  });
});

describe('pages made from the apps as deployed on their own sites (the Firebase pages function)', () => {
  let sites: http.Server;
  let base: string;
  let app: FastifyInstance;
  let up = true;
  let clock = 0;
  const requests: { path: string; conditional: boolean }[] = [];
  const files = new Map<string, string>([
    ['/host/index.page.html', MINIFIED_INDEX],
    ['/host/prerender/pages.json', JSON.stringify(HOST)],
    ['/host/prerender/styles.css', '.site-header{color:blue}'],
    ['/marketing/prerender/pages.json', JSON.stringify(MARKETING)],
    ['/marketing/prerender/styles.css', '.screen{color:green}'],
  ]);

  beforeAll(async () => {
    sites = http.createServer((req, res) => {
      if (!up) return res.socket?.destroy();
      const body = files.get(req.url ?? '');
      requests.push({ path: req.url ?? '', conditional: Boolean(req.headers['if-none-match']) });
      if (body === undefined) return res.writeHead(404).end();
      const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
      if (req.headers['if-none-match'] === etag) return res.writeHead(304).end();
      res.writeHead(200, { etag }).end(body);
    });
    await new Promise<void>((resolve) => sites.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(sites.address() as { port: number }).port}`;
    const config = testConfig({ PUBLIC_URL: `${base}/host`, PAYMENTS: 'test', REMOTE_MARKETING_URL: `${base}/marketing/mf-manifest.json` });
    const bases = {
      host: `${base}/host/`,
      marketing: `${base}/marketing/`,
      subscribe: `${base}/subscribe/`,
      staff: `${base}/staff/`,
      admin: `${base}/admin/`,
    };
    app = await buildPagesServer(config, hostedAppFiles(bases, { maxAgeMs: 100, pageTemplate: 'index.page.html', now: () => clock }), {
      cacheControl: 'public, max-age=0, s-maxage=10',
      logger: false,
    });
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => sites.close(resolve));
  });

  it("sends the prerendered page with the remote's images from the remote's site, for the CDN to keep briefly", async () => {
    const response = await app.inject('/faq');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=10');
    expect(response.body).toContain('<h1>Frequently Asked Questions</h1>');
    expect(response.body).toContain(`src="${base}/marketing/assets/faq.0123abcd.svg"`);
    expect(response.headers['content-security-policy']).toContain(`script-src 'self' ${base}`);
    expect((await app.inject('/no/such/page')).statusCode).toBe(404);
    expect((await app.inject('/app-config.json')).json().remotes.marketing).toBe(`${base}/marketing/mf-manifest.json`);
  });

  it('keeps the files for their time, then revalidates them, and shows a remote deployed alone', async () => {
    requests.length = 0;
    clock += 50;
    await app.inject('/faq');
    expect(requests).toEqual([]);
    clock += 100;
    await app.inject('/faq');
    expect(requests.length).toBeGreaterThan(0);
    // Files the sites have are asked for again with their ETag (the others, such as a remote's live.json, are simply absent).
    expect(requests.filter((request) => files.has(request.path)).every((request) => request.conditional)).toBe(true);
    files.set('/marketing/prerender/pages.json', JSON.stringify({ ...MARKETING, screens: { Faq: faqScreen('Questions, answered') } }));
    clock += 150;
    expect((await app.inject('/faq')).body).toContain('<h1>Questions, answered</h1>');
  });

  it('keeps serving what it has while the sites cannot be reached', async () => {
    up = false;
    clock += 150;
    try {
      const response = await app.inject('/faq');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<h1>Questions, answered</h1>');
    } finally {
      up = true;
    }
  });
});
