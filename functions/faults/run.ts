// `pnpm test:faults`: the backend as a real process, hurt the way production hurts it, and
// checked for what must survive. Against embedded PGlite, and against PostgreSQL when
// TEST_DATABASE_URL is set (CI). Prints what each scenario did and checked, then
// "N passed, N failed"; exits non-zero on any lost acknowledged write or lost e-mail.
// FAULTS_ONLY=<words> runs only the scenarios whose name has them.
import { execFileSync } from 'node:child_process';
import { startAuthEmulator } from '../../scripts/lib/auth-emulator.cjs';
import { backendNeedsBuild } from '../../scripts/lib/builds.mjs';
import { backupUnderLoad } from './backup';
import { connectionsTerminated, crashMidPayment, crashMidWrites } from './crashes';
import { FUNCTIONS_DIR, PROJECT, results, scenario, type Kind } from './harness';
import { disabledAccountLive, stopWithLiveClients } from './live';

async function main() {
  // The processes under test are the compiled ones production runs. Built only when stale: in
  // `pnpm test` the browser suite's stacks start from the same build beside this suite.
  if (backendNeedsBuild()) execFileSync(process.execPath, ['build.mjs'], { cwd: FUNCTIONS_DIR, stdio: 'inherit' });
  const kinds: Kind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  if (!process.env.TEST_DATABASE_URL)
    console.log(
      'TEST_DATABASE_URL is not set: running against PGlite only (the connection-termination scenario needs a PostgreSQL server).',
    );
  process.env.METADATA_SERVER_DETECTION = 'none';
  const emulator = await startAuthEmulator({ projectId: PROJECT });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  // Whatever goes wrong in here, the emulator (its own process group) does not outlive the run.
  const crash = (error: unknown) => {
    console.error(error);
    void emulator.stop().finally(() => process.exit(1));
  };
  process.on('uncaughtException', crash);
  process.on('unhandledRejection', crash);
  try {
    for (const kind of kinds) {
      await scenario(`[${kind}] kill -9 in a burst of payments`, () => crashMidPayment(kind));
      await scenario(`[${kind}] kill -9 in a burst of staff writes`, () => crashMidWrites(kind));
      await scenario(`[${kind}] SIGTERM with live screens open; one backend per folder`, () => stopWithLiveClients(kind));
      await scenario(`[${kind}] account disabled with its live stream open`, () => disabledAccountLive(kind));
      await scenario(`[${kind}] pnpm backup under a write load, pnpm restore into an empty folder`, () => backupUnderLoad(kind));
    }
    if (kinds.includes('postgres')) await scenario('[postgres] every pool connection terminated in a burst', connectionsTerminated);
  } finally {
    await emulator.stop();
  }
  const failed = results.filter((r) => !r.ok).length;
  console.log(`\n${results.length - failed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

void main();
