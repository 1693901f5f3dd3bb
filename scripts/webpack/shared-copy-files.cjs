// The files each shared module's own copy loads, for mf-manifest.json. The federation plugin
// lists only the chunk that holds the module, not the others its copy loads with it (the
// remote's React JSX runtime beside @tanstack/react-query): a host preloading that list would
// still meet the rest only when the screen runs.

/** Every script and style sheet of the chunks each shared module's own copy loads, by shared key. */
function sharedCopyFiles(compilation) {
  const { chunkGraph } = compilation;
  const files = new Map();
  for (const module of compilation.modules) {
    if (module.type !== 'provide-module') continue;
    const own = files.get(module._name) ?? { js: new Set(), css: new Set() };
    for (const block of module.blocks) {
      for (const chunk of chunkGraph.getBlockChunkGroup(block)?.chunks ?? []) {
        for (const file of chunk.files) {
          if (file.endsWith('.js')) own.js.add(file);
          else if (file.endsWith('.css')) own.css.add(file);
        }
      }
    }
    files.set(module._name, own);
  }
  return files;
}

/** Completes each shared module's sync assets in the manifest's stats with every file its copy loads. */
function completeSharedAssets({ stats, compilation }) {
  const files = sharedCopyFiles(compilation);
  for (const shared of stats.shared ?? []) {
    const own = files.get(shared.name);
    if (!own) continue;
    shared.assets.js.sync.push(...[...own.js].filter((file) => !shared.assets.js.sync.includes(file)).sort());
    shared.assets.css.sync.push(...[...own.css].filter((file) => !shared.assets.css.sync.includes(file)).sort());
  }
}

module.exports = { completeSharedAssets };
