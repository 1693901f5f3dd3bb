import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { REMOTE_NAMES } from '@blooms/shared/contract/remotes';
import { REPO_ROOT } from '../src/config';
import { loadFunctionsConfig } from '../src/firebase/settings';
import { firebaseJson, firebaserc } from '../deploy/firebase-json';
import { committedFirebaseJson } from '../deploy/write-config';
import { checkDeployment } from '../deploy/bundle';
import { parseEnvFile } from '../deploy/settings-files';

const schemaFile = require.resolve('firebase-tools/schema/firebase-config.json', { paths: [REPO_ROOT] });

describe('firebase.json', () => {
  const validate = new Ajv({ strict: false, allErrors: true }).compile(JSON.parse(fs.readFileSync(schemaFile, 'utf8')));

  it("is valid against firebase-tools' own schema, as deployed and with emulator ports", () => {
    for (const config of [
      firebaseJson({ region: 'us-central1' }),
      firebaseJson({ region: 'europe-west1', repoPath: '../../', emulators: { hosting: 5000, functions: 5001, auth: 9099 } }),
    ]) {
      expect(validate(config) ? [] : validate.errors).toEqual([]);
    }
  });

  it('is the one in the repository, made from the code that knows the sites (pnpm firebase:config rewrites it)', () => {
    expect(fs.readFileSync(path.join(REPO_ROOT, 'firebase.json'), 'utf8')).toBe(committedFirebaseJson());
  });

  it('has a Hosting target per app, and only the host rewrites: the API, the test checkout and charge confirmations to the api function, the rest to pages', () => {
    const { hosting } = firebaseJson({ region: 'us-west3' });
    expect(hosting.map((site) => site.target)).toEqual(['host', ...REMOTE_NAMES]);
    expect(hosting[0]!.rewrites).toEqual([
      { source: '/api/**', function: { functionId: 'api', region: 'us-west3' } },
      { source: '/checkout/test/**', function: { functionId: 'api', region: 'us-west3' } },
      { source: '/payment/confirm/**', function: { functionId: 'api', region: 'us-west3' } },
      { source: '**', function: { functionId: 'pages', region: 'us-west3' } },
    ]);
    expect(hosting.slice(1).every((site) => !('rewrites' in site))).toBe(true);
  });

  it('stops a deploy whose settings file is missing, or whose rewrites name another region than the settings give the functions', () => {
    const json = JSON.stringify(firebaseJson({ region: 'us-west3' }));
    expect(checkDeployment('blooms-prod', json, parseEnvFile('PUBLIC_URL=https://x.example\n'), true)).toEqual([]);
    expect(checkDeployment('blooms-prod', json, parseEnvFile('# another region\nFUNCTIONS_REGION="us-central1"\n'), true)).toEqual([
      'firebase.json sends the site to functions in us-west3, but the settings put them in us-central1: run `pnpm firebase:config blooms-prod`.',
    ]);
    expect(checkDeployment('blooms-prod', json, {}, false)[0]).toMatch(/^functions\/\.env\.blooms-prod is missing/);
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
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => [`REMOTE_${name.toUpperCase()}_URL`, `https://blooms-${name}.web.app/mf-manifest.json`]),
  );
  // What functions/.env.<project-id> and the secrets give every function.
  const deployed = {
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
    ['api', 'DATABASE_URL', /DATABASE_URL \(a secret: .*The embedded database is refused here/],
    ['api', 'PAYMENTS', /PAYMENTS \('stripe' or 'test'/],
    ['api', 'STORAGE_BUCKET', /STORAGE_BUCKET/],
    ['api', 'PUBLIC_URL', /PUBLIC_URL/],
    ['api', 'REMOTE_STAFF_URL', /REMOTE_STAFF_URL/],
    ['live', 'DATABASE_URL', /DATABASE_URL/],
    ['outbox', 'SMTP_URL', /SMTP_URL \(a secret/],
    ['billing', 'PAYMENTS', /PAYMENTS/],
  ] as const)('refuse to start %s without %s, naming it', (name, setting, message) => {
    const env: Record<string, string | undefined> = { ...deployed, [setting]: undefined };
    expect(() => loadFunctionsConfig(env, name)).toThrow(message);
  });

  it('refuse PAYMENTS=stripe without its secrets where payments are taken, and relative remote URLs', () => {
    expect(() => loadFunctionsConfig({ ...deployed, STRIPE_WEBHOOK_SECRET: undefined }, 'api')).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadFunctionsConfig({ ...deployed, STRIPE_SECRET_KEY: undefined }, 'billing')).toThrow(/STRIPE_SECRET_KEY/);
    expect(() =>
      loadFunctionsConfig(
        { ...remotes, PUBLIC_URL: 'https://blooms.example', REMOTE_STAFF_URL: '/remotes/staff/mf-manifest.json' },
        'pages',
      ),
    ).toThrow(/REMOTE_STAFF_URL must be an absolute URL/);
  });

  it('start each function with only the secrets it is given', () => {
    const only = (...names: string[]) => ({
      ...deployed,
      ...Object.fromEntries(
        ['DATABASE_URL', 'SMTP_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']
          .filter((n) => !names.includes(n))
          .map((n) => [n, undefined]),
      ),
    });
    expect(loadFunctionsConfig(only('DATABASE_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'), 'api').stripe?.webhookSecret).toBe(
      'whsec_x',
    );
    expect(loadFunctionsConfig(only('DATABASE_URL'), 'live').stripe).toBeNull();
    expect(loadFunctionsConfig(only('DATABASE_URL', 'SMTP_URL'), 'outbox').smtpUrl).toBe('smtps://mail.example');
    expect(loadFunctionsConfig(only('DATABASE_URL', 'STRIPE_SECRET_KEY'), 'billing').stripe).toEqual({
      secretKey: 'sk_live_x',
      webhookSecret: null,
      apiBase: null,
    });
    expect(loadFunctionsConfig(only(), 'pages').remotes.staff).toBe('https://blooms-staff.web.app/mf-manifest.json');
    expect(() => loadFunctionsConfig({ PUBLIC_URL: 'https://blooms.example' }, 'pages')).toThrow(/REMOTE_MARKETING_URL/);
  });

  it('start with what Functions allows: GCLOUD_PROJECT, WEB_ names, CORS for the site, no static files, /tmp, the live function in the region', () => {
    const config = loadFunctionsConfig(
      {
        ...deployed,
        GCLOUD_PROJECT: 'blooms-prod',
        WEB_API_KEY: 'AIza-x',
        WEB_APP_ID: '1:2:web:3',
        CLOUD_SQL_INSTANCE: 'blooms-prod:us-west3:blooms',
      },
      'api',
    );
    expect(config.firebaseWeb).toEqual({
      apiKey: 'AIza-x',
      authDomain: 'blooms-prod.firebaseapp.com',
      projectId: 'blooms-prod',
      appId: '1:2:web:3',
    });
    expect(config.corsOrigins).toEqual(['https://blooms.example']);
    expect(config.staticRoot).toBeNull();
    expect(config.demoData).toBe(false);
    expect(config.cloudSql).toEqual({ instance: 'blooms-prod:us-west3:blooms', ipType: 'PUBLIC' });
    expect(config.storageBucket).toBe('blooms-photos');
    expect(config.liveUrl).toBe('https://us-west3-blooms-prod.cloudfunctions.net/live/api/live');
    expect(loadFunctionsConfig({ ...deployed, GCLOUD_PROJECT: 'blooms-prod', FUNCTIONS_REGION: 'us-central1' }, 'pages').liveUrl).toBe(
      'https://us-central1-blooms-prod.cloudfunctions.net/live/api/live',
    );
  });

  it('never offer the test clock: each instance would pretend a day of its own', () => {
    expect(loadFunctionsConfig({ ...deployed, PAYMENTS: 'test' }, 'api').testClock).toBe(false);
  });
});
