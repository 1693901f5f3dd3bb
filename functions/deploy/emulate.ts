// `pnpm firebase:emulate`: the Firebase deployment on this machine, on the emulators, with one
// command (docs/deploy-firebase.md, "Rehearse on the emulators"). Builds what changed, stages
// the Hosting folders and bundles the functions as `firebase deploy` would, then runs them on
// free ports against PostgreSQL until Ctrl-C.
import path from 'node:path';
import { Client } from 'pg';
import { REMOTE_NAMES } from '@blooms/shared/contract/remotes';
import { REPO_ROOT } from '../src/config';
import { prepareDeployment, startEmulatorStack } from './emulator-stack';

/** The settings an operator may give the emulated functions from the shell, as on a deployment. */
const PASSED_ON = [
  'ADMIN_EMAILS',
  'CONTACT_EMAIL',
  'CONTACT_PHONE',
  'STREET_ADDRESS',
  'STUDIO_ZIP',
  'SISTER_STUDIO_NAME',
  'SISTER_STUDIO_URL',
  'SOCIAL_INSTAGRAM_URL',
  'SOCIAL_FACEBOOK_URL',
  'FUNCTIONS_REGION',
  'LOG_LEVEL',
];

const LOCAL_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';
const CREATED_DATABASE = 'blooms_emulate';

/** TEST_DATABASE_URL as it is, else the blooms_emulate database on the local server, made the first time (its data is kept). */
async function databaseUrl(): Promise<{ url: string; said: string }> {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, said: 'TEST_DATABASE_URL' };
  const client = new Client({ connectionString: LOCAL_SERVER });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `The emulated functions share a PostgreSQL database (each runs in a process of its own), and none was found: ${(error as Error).message}. ` +
        `Set TEST_DATABASE_URL to one, or run a PostgreSQL server at ${LOCAL_SERVER} (user postgres, trust authentication).`,
    );
  }
  const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [CREATED_DATABASE]);
  if (!rowCount) await client.query(`create database ${CREATED_DATABASE}`);
  await client.end();
  const url = new URL(LOCAL_SERVER);
  url.pathname = `/${CREATED_DATABASE}`;
  return { url: url.toString(), said: rowCount ? 'kept from the last run' : 'made now; kept for the next run' };
}

async function main(): Promise<void> {
  const database = await databaseUrl();
  await prepareDeployment({ rebuild: 'stale' });
  const mailDir = path.join(REPO_ROOT, '.data', 'firebase-emulate', 'mail');
  const settings = Object.fromEntries(PASSED_ON.filter((name) => process.env[name]).map((name) => [name, process.env[name]!]));
  console.log('Starting the Hosting, Functions and Auth emulators…');
  const stack = await startEmulatorStack({
    databaseUrl: database.url,
    settings: { ADMIN_EMAILS: 'admin@example.com', ...settings },
    mailDir,
  });
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the emulators…');
    await stack.stop();
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));
  void stack.exited.then(() => {
    if (stopping) return;
    console.error(`The emulators stopped unexpectedly:\n${stack.output().slice(-3000)}`);
    void stop(1);
  });

  const admin = (settings.ADMIN_EMAILS ?? 'admin@example.com').split(',')[0]!.trim();
  console.log(`
  Monthly Blooms on the Firebase emulators (project ${stack.projectId}, functions in ${stack.region})

  Site           ${stack.siteUrl('host')}
                 Staff sign-in: ${stack.siteUrl('host')}/login, "Sign in with Google", ${admin}
${REMOTE_NAMES.map((name) => `  ${`${name} site`.padEnd(15)}${stack.siteUrl(name)}`).join('\n')}
  Functions      ${stack.functionUrl('{api,live,pages}')}; outbox every minute, billing every hour
  Payments       the test checkout (PAYMENTS=test): nothing is charged
  Database       ${database.url.replace(/:[^:@/]*@/, ':***@')} (${database.said})
  E-mails        ${path.relative(REPO_ROOT, mailDir)}/ (one .eml file each)
  Photos         kept in memory by the Cloud Storage stand-in, gone when this stops

  Press Ctrl-C to stop everything.
`);
  await new Promise(() => undefined);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
