module.exports = async () => {
  await globalThis.__AUTH_EMULATOR__?.stop();
};
