// Every backend test talks to a real Firebase Auth emulator, started once for the run.
const { startAuthEmulator } = require('../../../scripts/lib/auth-emulator.cjs');

module.exports = async () => {
  if (process.env.FIREBASE_AUTH_EMULATOR_HOST) return;
  const emulator = await startAuthEmulator({ projectId: 'demo-blooms-test' });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  globalThis.__AUTH_EMULATOR__ = emulator;
};
