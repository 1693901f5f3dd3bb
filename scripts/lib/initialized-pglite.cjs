// Test stacks start on a PGlite data folder that PGlite has already initialized (its initdb),
// copied from one made once per PGlite build on this machine: initdb is about 5 s of CPU, and a
// test run starts some fifteen stacks. Each still applies every migration and seeds itself at
// start, as a new user's first `pnpm start` does; the skew stacks and `pnpm start` itself keep
// starting from an empty folder.
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const pgliteEntry = fs.realpathSync(require.resolve('@electric-sql/pglite', { paths: [path.join(__dirname, '..', '..', 'functions')] }));

/** The initialized folder, made if missing: aside, then renamed, so a run beside never copies half of one. */
async function initializedFolder() {
  // The store's folder names PGlite's version: another build makes another folder.
  const folder = path.join(os.tmpdir(), `blooms-pglite-initialized-${createHash('sha256').update(pgliteEntry).digest('hex').slice(0, 16)}`);
  if (fs.existsSync(folder)) return folder;
  const partial = `${folder}.${process.pid}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  const { PGlite } = await import(pathToFileURL(pgliteEntry).href);
  const db = new PGlite(partial);
  await db.waitReady;
  await db.close();
  try {
    fs.renameSync(partial, folder);
  } catch (error) {
    if (!fs.existsSync(folder)) throw error;
    fs.rmSync(partial, { recursive: true, force: true });
  }
  return folder;
}

/** Gives DATA_DIR an initialized, empty database (`pglite` in it, where the backend looks), unless it has one. */
async function initializedPglite(dataDir) {
  const target = path.join(dataDir, 'pglite');
  if (!fs.existsSync(target)) fs.cpSync(await initializedFolder(), target, { recursive: true });
}

module.exports = { initializedPglite };

// `node initialized-pglite.cjs <DATA_DIR>...`, for configs that cannot wait on a promise.
if (require.main === module) {
  (async () => {
    for (const dataDir of process.argv.slice(2)) await initializedPglite(dataDir);
  })().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
