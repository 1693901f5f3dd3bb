// Writes startup-files.json: the files the host's entry loads straight away, by what it starts
// ("app": the app's boot; "signIn": a staff page's early start and Firebase Auth), each with the
// shared modules (React, zod, …) those chunks take from the share scope. The server names them
// in preload hints for pages that need the app at once, so a phone fetches them beside the
// entry instead of after it (functions/src/http/public/static-files.ts).
const { Compilation, sources } = require('webpack');

// The name is HOST_STARTUP_FILES's (shared/src/contract/app-start.ts); this file is CommonJS and cannot import it.
const FILE = 'startup-files.json';

class StartupFilesPlugin {
  /**
   * @param {Record<string, string[]>} starts what each list starts from: the entry's dynamic imports, by request
   * @param {string[]} importsAtStart started modules whose own dynamic imports run as they start: their chunks are listed too
   */
  constructor(starts, importsAtStart = []) {
    this.starts = starts;
    this.importsAtStart = importsAtStart;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('StartupFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'StartupFilesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
        const { chunkGraph } = compilation;
        const entryModules = [...compilation.entrypoints.values()].flatMap((entry) =>
          entry.chunks.flatMap((chunk) => [...chunkGraph.getChunkModulesIterable(chunk)]),
        );
        const providedByKey = new Map();
        for (const module of compilation.modules) {
          if (module.type !== 'provide-module') continue;
          providedByKey.set(module._name, [...(providedByKey.get(module._name) ?? []), module]);
        }
        const filesOfGroup = (group, files, seen) => {
          if (seen.has(group)) return;
          seen.add(group);
          for (const chunk of group.chunks) {
            for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.add(file);
            // A shared module taken by the chunk loads with it: the host's provided copy, a chunk
            // group of its own (the share scope hands every app that copy).
            for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
              if (module.type !== 'consume-shared-module') continue;
              for (const provided of providedByKey.get(module.options.shareKey) ?? []) {
                for (const block of provided.blocks) {
                  const copy = chunkGraph.getBlockChunkGroup(block);
                  if (copy) filesOfGroup(copy, files, seen);
                }
              }
            }
          }
        };
        const lists = {};
        for (const [name, requests] of Object.entries(this.starts)) {
          const files = new Set();
          const seen = new Set();
          for (const module of entryModules) {
            for (const block of module.blocks) {
              const request = block.dependencies[0]?.request;
              if (!requests.includes(request)) continue;
              const group = chunkGraph.getBlockChunkGroup(block);
              if (group) filesOfGroup(group, files, seen);
              if (!this.importsAtStart.includes(request)) continue;
              for (const own of compilation.moduleGraph.getModule(block.dependencies[0])?.blocks ?? []) {
                const ownGroup = chunkGraph.getBlockChunkGroup(own);
                if (ownGroup) filesOfGroup(ownGroup, files, seen);
              }
            }
          }
          if (files.size === 0)
            compilation.errors.push(new Error(`StartupFilesPlugin: nothing found for "${name}" (${requests.join(', ')})`));
          lists[name] = [...files].sort();
        }
        compilation.emitAsset(FILE, new sources.RawSource(`${JSON.stringify(lists, null, 2)}\n`));
      });
    });
  }
}

module.exports = { StartupFilesPlugin };
