import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { REMOTE_NAMES } from '@blooms/shared/contract/remotes';
import { REPO_ROOT } from '../src/config';
import { loadFunctionsConfig } from '../src/firebase/settings';
import { firebaseJson, firebaserc } from '../deploy/firebase-json';
import { committedFirebaseJson } from '../deploy/write-config';

const schemaFile = require.resolve('firebase-tools/schema/firebase-config.json', { paths: [REPO_ROOT] });

describe('firebase.json', () => {
  const validate = new Ajv({ strict: false, allErrors: true }).compile(JSON.parse(fs.readFileSync(schemaFile, 'utf8')));

  it("is valid against firebase-tools' own schema, as deployed and with emulator ports", () => {
    for (const config of [firebaseJson({ region: 'us-central1' }), firebaseJson({ region: 'europe-west1', repoPath: '../../', emulators: { hosting: 5000, functions: 5001, auth: 9099 } })]) {
      expect(validate(config) ? [] : validate.errors).toEqual([]);
    }
  });

  it('is the one in the repository, made from the code that knows the sites (pnpm firebase:config rewrites it)', () => {
    expect(fs.readFileSync(path.join(REPO_ROOT, 'firebase.json'), 'utf8')).toBe(committedFirebaseJson());
  });

  it('has a Hosting target per app, and only the host rewrites: the API and the test checkout to the api function, the rest to pages', () => {
    const { hosting } = firebaseJson({ region: 'us-west3' });
    expect(hosting.map((site) => site.target)).toEqual(['host', ...REMOTE_NAMES]);
    expect(hosting[0]!.rewrites).toEqual([
      { source: '/api/**', function: { functionId: 'api', region: 'us-west3' } },
      { source: '/checkout/test/**', function: { functionId: 'api', region: 'us-west3' } },
      { source: '**', function: { functionId: 'pages', region: 'us-west3' } },
    ]);
    expect(hosting.slice(1).every((site) => !('rewrites' in site))).toBe(true);
  });

  it('.firebaserc maps every target to a site of the project', () => {
    const rc = firebaserc('blooms-prod', { marketing: 'blooms-www-marketing' });
    expect(rc.projects.default).toBe('blooms-prod');
    expect(rc.targets['blooms-prod']!.hosting).toEqual({
      host: ['blooms-prod'],
      marketing: ['blooms-www-marketing'],
      subscribe: ['blooms-prod-subscribe'],
      staff: ['blooms-prod-staff'],
      admin: ['blooms-prod-admin'],
    });
  });
});

describe('settings under Cloud Functions', () => {
  const remotes = Object.fromEntries(REMOTE_NAMES.map((name) => [`REMOTE_${name.toUpperCase()}_URL`, `https://blooms-${name}.web.app/mf-manifest.json`]));
  const backend = {
    PUBLIC_URL: 'https://blooms.example',
    PAYMENTS: 'stripe',
    DATABASE_URL: 'postgres://blooms:secret@localhost/blooms',
    SMTP_URL: 'smtps://mail.example',
    STORAGE_BUCKET: 'blooms-photos',
    STRIPE_SECRET_KEY: 'sk_live_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    ...remotes,
  };

  it.each([
    ['DATABASE_URL', /DATABASE_URL \(a secret: .*The embedded database is refused here/],
    ['PAYMENTS', /PAYMENTS \('stripe' or 'test'/],
    ['SMTP_URL', /SMTP_URL \(a secret/],
    ['STORAGE_BUCKET', /STORAGE_BUCKET/],
    ['PUBLIC_URL', /PUBLIC_URL/],
  ])('refuse to start the backend without %s, naming it', (name, message) => {
    const env: Record<string, string | undefined> = { ...backend, [name]: undefined };
    expect(() => loadFunctionsConfig(env, 'backend')).toThrow(message);
  });

  it('refuse PAYMENTS=stripe without its secrets, and relative remote URLs', () => {
    expect(() => loadFunctionsConfig({ ...backend, STRIPE_WEBHOOK_SECRET: undefined }, 'backend')).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadFunctionsConfig({ ...remotes, PUBLIC_URL: 'https://blooms.example', REMOTE_STAFF_URL: '/remotes/staff/mf-manifest.json' }, 'pages')).toThrow(
      /REMOTE_STAFF_URL must be an absolute URL/,
    );
  });

  it('start with what Functions allows: GCLOUD_PROJECT, WEB_ names, CORS for the site, no static files, /tmp', () => {
    const config = loadFunctionsConfig({ ...backend, GCLOUD_PROJECT: 'blooms-prod', WEB_API_KEY: 'AIza-x', WEB_APP_ID: '1:2:web:3', CLOUD_SQL_INSTANCE: 'blooms-prod:us-central1:blooms' }, 'backend');
    expect(config.firebaseWeb).toEqual({ apiKey: 'AIza-x', authDomain: 'blooms-prod.firebaseapp.com', projectId: 'blooms-prod', appId: '1:2:web:3' });
    expect(config.corsOrigins).toEqual(['https://blooms.example']);
    expect(config.staticRoot).toBeNull();
    expect(config.demoData).toBe(false);
    expect(config.cloudSql).toEqual({ instance: 'blooms-prod:us-central1:blooms', ipType: 'PUBLIC' });
    expect(config.storageBucket).toBe('blooms-photos');
    expect(config.stripe?.webhookSecret).toBe('whsec_x');
  });

  it('let the pages function start with the site and remote URLs alone (no database, no secrets)', () => {
    expect(loadFunctionsConfig({ ...remotes, PUBLIC_URL: 'https://blooms.example', PAYMENTS: 'stripe' }, 'pages').remotes.staff).toBe('https://blooms-staff.web.app/mf-manifest.json');
    expect(() => loadFunctionsConfig({ PUBLIC_URL: 'https://blooms.example' }, 'pages')).toThrow(/REMOTE_MARKETING_URL/);
  });
});
