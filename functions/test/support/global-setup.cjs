// Every backend test talks to a real Firebase Auth emulator, started once for the run.
const { startAuthEmulator } = require('../../../scripts/lib/auth-emulator.cjs');

module.exports = async () => {
  // The run's migrated PostgreSQL database, which test databases are copied from (databases.ts):
  // made by the first worker to need it, dropped by the teardown.
  if (process.env.TEST_DATABASE_URL && !process.env.BLOOMS_TEST_TEMPLATE)
    process.env.BLOOMS_TEST_TEMPLATE = `blooms_template_${process.pid}_${Date.now()}`;
  if (process.env.FIREBASE_AUTH_EMULATOR_HOST) return;
  const emulator = await startAuthEmulator({ projectId: 'demo-blooms-test' });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  globalThis.__AUTH_EMULATOR__ = emulator;
};
