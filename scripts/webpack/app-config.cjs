// The webpack settings every app (host and remotes) has in common. Each app's own
// webpack.config.js adds its ModuleFederationPlugin and anything special to it.
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { DefinePlugin } = require('webpack');

/**
 * Modules that must exist once at runtime across host and remotes. @tanstack/react-query holds
 * the React context a screen's queries find their client by: one copy, or a remote's screens
 * would not see the client their own provider gives.
 */
const SINGLETONS = ['react', 'react-dom', 'react-router-dom', 'zustand', '@tanstack/react-query'];
/**
 * The stateful modules of @blooms/shared (its browser runtime); everything else there is pure
 * and may be bundled. Their version is the shared package's (shared/package.json): it moves
 * with their changes, a breaking one bumps the major (docs/releases.md).
 */
const SHARED_STATE_MODULES = [
  '@blooms/shared/runtime/app-config',
  '@blooms/shared/runtime/auth-store',
  '@blooms/shared/runtime/popup-store',
  '@blooms/shared/runtime/early-answers',
];

function installedMajorRange(name, appDir) {
  const version = require(require.resolve(`${name}/package.json`, { paths: [appDir] })).version;
  return `^${version.split('.')[0]}.0.0`;
}

/** The shared runtime's version: the shared package's, or another given to the build (`--env sharedRuntimeVersion=2.0.0`). */
function sharedRuntimeVersion(env = {}) {
  return env.sharedRuntimeVersion ?? require('../../shared/package.json').version;
}

/**
 * What the host and the remotes share, each one copy at run time (the host's, loaded first).
 * `strictVersion` everywhere: a remote built for another major (React 20, a breaking change of
 * the shared runtime) is refused when it loads, and the host says the page is being updated,
 * instead of running it on modules it was not built for.
 *
 * @param env the build's --env: sharedRuntimeVersion builds against another runtime version.
 */
function sharedModules(appDir, env = {}) {
  const shared = {};
  const { dependencies = {} } = require(path.join(appDir, 'package.json'));
  // A library an app does not depend on (the host and the marketing pages hold no server state) is neither provided nor asked for by it.
  for (const name of SINGLETONS.filter((candidate) => candidate in dependencies)) {
    shared[name] = { singleton: true, strictVersion: true, requiredVersion: installedMajorRange(name, appDir) };
  }
  // zod is the largest module after react-dom (about 70 KB compressed): bundled by each app, a
  // staff screen downloaded and parsed it twice. One copy, the host's, served to every app. It
  // resolves to zod-without-eval.mjs (no package.json of its own), so its version is given.
  const zodVersion = require(path.join(ZOD_DIR, 'package.json')).version;
  shared.zod = { singleton: true, strictVersion: true, version: zodVersion, requiredVersion: `^${zodVersion.split('.')[0]}.0.0` };
  const runtimeVersion = sharedRuntimeVersion(env);
  for (const name of SHARED_STATE_MODULES) {
    shared[name] = { singleton: true, strictVersion: true, version: runtimeVersion, requiredVersion: `^${runtimeVersion}` };
  }
  return shared;
}

/**
 * Federation runtime features an app leaves out: remotes load no other remotes (and so need
 * no manifest snapshots), and nothing runs in Node. A smaller runtime to download and run.
 */
function federationExperiments({ remote }) {
  return { optimization: { target: 'web', ...(remote ? { disableRemote: true, disableSnapshot: true } : {}) } };
}

const REPO_ROOT = path.join(__dirname, '..', '..');
/** The zod every app bundles: the shared package's. */
const ZOD_DIR = path.dirname(require.resolve('zod/package.json', { paths: [path.join(REPO_ROOT, 'shared')] }));
/** What an app's build is made from besides its own folder. */
const COMMON_SOURCES = ['shared/src', 'scripts/webpack', 'scripts/content', 'pnpm-lock.yaml'];
const NOT_SOURCES = new Set(['node_modules', 'dist', 'coverage', 'test-results']);
const TEST_FILE = /\.test\.[jt]sx?$/;

function addSources(hash, target) {
  if (!fs.existsSync(target)) return;
  if (!fs.statSync(target).isDirectory()) {
    hash
      .update(`${path.relative(REPO_ROOT, target)}\0`)
      .update(fs.readFileSync(target))
      .update('\0');
    return;
  }
  for (const entry of fs.readdirSync(target).sort())
    if (!NOT_SOURCES.has(entry) && !TEST_FILE.test(entry)) addSources(hash, path.join(target, entry));
}

const buildIds = new Map();
/**
 * Identifies one build of an app (its browser and prerender builds alike), so a redeployed
 * remote can be told from the last one: BLOOMS_BUILD_ID, else a digest of the sources it is
 * built from. Never the time: the same source must give the same files, or every deploy of a
 * remote would give its chunks new names and throw away every visitor's cached copies.
 */
function buildId(appDir) {
  if (process.env.BLOOMS_BUILD_ID) return process.env.BLOOMS_BUILD_ID;
  if (!buildIds.has(appDir)) {
    const hash = createHash('sha256');
    for (const source of [appDir, ...COMMON_SOURCES.map((relative) => path.join(REPO_ROOT, relative))]) addSources(hash, source);
    buildIds.set(appDir, hash.digest('hex').slice(0, 12));
  }
  return buildIds.get(appDir);
}

/**
 * The federation plugin lists, for each shared module, the screens that use it in the order
 * its asynchronous build happened to finish: sorted, the same source gives the same
 * mf-stats.json (and every other file) on every build.
 */
const reproducibleManifest = {
  additionalData: ({ stats }) => {
    for (const shared of stats.shared ?? []) shared.usedIn?.sort();
    for (const remote of stats.remotes ?? []) remote.usedIn?.sort();
    for (const expose of stats.exposes ?? []) expose.requires?.sort();
  },
};

/**
 * Brotli (best quality) and gzip copies of each script, made once at build time: the server
 * sends them as they are, about 15% smaller than compressing on the fly.
 */
function precompress(appDir) {
  const CompressionPlugin = require(require.resolve('compression-webpack-plugin', { paths: [appDir] }));
  const test = /\.(js|css|svg|json)$/;
  return [
    new CompressionPlugin({
      test,
      algorithm: 'brotliCompress',
      filename: '[path][base].br',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
      threshold: 1024,
      minRatio: 0.9,
    }),
    new CompressionPlugin({
      test,
      algorithm: 'gzip',
      filename: '[path][base].gz',
      compressionOptions: { level: 9 },
      threshold: 1024,
      minRatio: 0.9,
    }),
  ];
}

/**
 * Minimization: scripts by swc rather than Terser, through webpack's own minimizer plugin with
 * the settings it gives Terser (two compress passes), a few times less CPU for the same or fewer
 * bytes. Webpack's default minimizer ('...') stays for the rest (index.html), its JavaScript part
 * turned off. swc runs in this process: it minifies off the JavaScript thread already, and a
 * worker process would only add its start-up and a copy of every script sent to it.
 */
function minimization(appDir) {
  const MinimizerPlugin = require(require.resolve('minimizer-webpack-plugin', { paths: [appDir] }));
  return {
    minimizer: [
      '...',
      new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: { passes: 2 } }, parallel: false }),
    ],
    minimizeOptions: { javascript: false },
  };
}

/**
 * TypeScript compiled by swc: types stripped file by file, as ts-loader's transpileOnly did at a
 * fraction of the CPU (type-checking is `pnpm typecheck`). The output is what tsconfig.base.json
 * asks for: ES2022, the automatic JSX runtime in every mode (swc-loader would otherwise switch
 * to the development runtime in development builds), class fields defined as ES2022 does.
 */
function swcLoader(tsx) {
  return {
    loader: 'swc-loader',
    options: {
      swcrc: false,
      jsc: {
        parser: { syntax: 'typescript', tsx },
        target: 'es2022',
        transform: { react: { runtime: 'automatic', development: false }, useDefineForClassFields: true },
      },
    },
  };
}
// A .ts file is not parsed as TSX: there `<T>value` is a type assertion, not an element.
const TYPESCRIPT_RULE = {
  test: /\.tsx?$/,
  exclude: /node_modules/,
  oneOf: [{ test: /\.tsx$/, use: swcLoader(true) }, { use: swcLoader(false) }],
};
/** Images and fonts: files of their own, named by content so they can be cached for good. */
const ASSET_RULE = { test: /\.(svg|png|jpe?g|webp|avif|ico|woff2)$/, exclude: /\.inline\.svg$/, type: 'asset/resource' };
/** The logo (a few hundred bytes on every page) goes into the code as a data: URL: drawing it costs no request. */
const INLINE_SVG_RULE = { test: /\.inline\.svg$/, type: 'asset/inline' };
/** Owner-editable pages: Markdown made into { draft, html } at build time. */
const MARKDOWN_RULE = { test: /\.md$/, use: path.join(__dirname, '..', 'content', 'markdown-loader.cjs') };
const buildIdPlugin = (appDir) => new DefinePlugin({ __BUILD_ID__: JSON.stringify(buildId(appDir)) });

/**
 * A prerendered page arrives with the host's and the remote's CSS inlined (<style
 * data-prerendered>). The host's own style sheets go before that copy, so remote rules keep
 * overriding host rules while the page hydrates (no layout shift); a remote's go at the end.
 * (Written into the webpack runtime as source: it may use nothing from around it.)
 */
function insertBeforePrerenderedStyles(linkTag) {
  /* global document */
  const prerendered = document.querySelector('style[data-prerendered]');
  if (prerendered) prerendered.before(linkTag);
  else document.head.appendChild(linkTag);
}

/**
 * The app's CSS: in production, style sheets of their own (one per chunk, loaded with it) rather
 * than strings inside the scripts, so public pages carry less JavaScript; in development,
 * injected by style-loader.
 *
 * @param hostStyles the app is the host, whose CSS must precede a prerendered page's inline CSS.
 */
function cssHandling({ dir, production, hostStyles }) {
  if (!production) return { optimization: {}, rule: { test: /\.css$/, use: ['style-loader', 'css-loader'] }, plugins: [] };
  const MiniCssExtractPlugin = require(require.resolve('mini-css-extract-plugin', { paths: [dir] }));
  return {
    // All of an app's CSS in one sheet: its pages share most of it, so a visitor moving
    // between them downloads it once rather than once per page under another name.
    optimization: { splitChunks: { cacheGroups: { styles: { type: 'css/mini-extract', name: 'styles', chunks: 'all', enforce: true } } } },
    rule: { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
    plugins: [
      new MiniCssExtractPlugin({
        filename: '[name].[contenthash:8].css',
        chunkFilename: '[name].[contenthash:8].css',
        ...(hostStyles ? { insert: insertBeforePrerenderedStyles } : {}),
      }),
    ],
  };
}

function createAppConfig({ dir, name, port, mode, hostStyles = false }) {
  const production = mode === 'production';
  const css = cssHandling({ dir, production, hostStyles });
  return {
    name: 'browser',
    plugins: [buildIdPlugin(dir), ...css.plugins, ...(production ? precompress(dir) : [])],
    mode,
    context: dir,
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(dir, 'dist'),
      // Entries keep stable names (a hash there breaks the federation runtime); chunks are
      // content-hashed so the server can cache them forever.
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      publicPath: 'auto',
      uniqueName: name,
      clean: true,
      // Always rewrite outputs, so their time stamps tell `pnpm start` when the last build ran.
      compareBeforeEmit: false,
      // A lazily loaded chunk that has not arrived after 120 s is a chunk-load failure: the screen shows
      // its load error and a retry instead of waiting forever on a stalled connection.
      chunkLoadTimeout: 120_000,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // zod without its eval probe and the parts no browser code uses (see the files), itself
      // from the shared package's copy.
      alias: {
        zod$: path.join(__dirname, 'zod-without-eval.mjs'),
        'zod-v4-files': path.join(ZOD_DIR, 'v4'),
      },
    },
    module: {
      rules: [TYPESCRIPT_RULE, css.rule, ASSET_RULE, INLINE_SVG_RULE, MARKDOWN_RULE],
    },
    devServer: {
      port,
      hot: false,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
    },
    optimization: { ...css.optimization, ...minimization(dir) },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = {
  createAppConfig,
  sharedModules,
  SHARED_STATE_MODULES,
  buildId,
  federationExperiments,
  reproducibleManifest,
  buildIdPlugin,
  minimization,
  TYPESCRIPT_RULE,
  ASSET_RULE,
  INLINE_SVG_RULE,
  MARKDOWN_RULE,
};
