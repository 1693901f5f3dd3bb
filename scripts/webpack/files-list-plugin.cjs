// Writes files.json: every script and style sheet a remote's build emitted, by name. What a page
// loads depends on what the share scope had when it loaded (a shared module's own copy or the
// host's), so a device that keeps a remote for use offline keeps all of them
// (staff-remote/src/features/offline/staff-worker.ts).
const { Compilation, sources } = require('webpack');

// The name is REMOTE_FILES_LIST's (shared/src/contract/staff-offline.ts); this file is CommonJS and cannot import it.
const FILE = 'files.json';

class FilesListPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('FilesListPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'FilesListPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
        const files = compilation
          .getAssets()
          .map((asset) => asset.name)
          .filter((name) => /\.(js|css)$/.test(name))
          .sort();
        compilation.emitAsset(FILE, new sources.RawSource(`${JSON.stringify(files, null, 2)}\n`));
      });
    });
  }
}

module.exports = { FilesListPlugin };
