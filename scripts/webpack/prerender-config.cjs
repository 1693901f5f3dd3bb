// The second build of an app with public pages: its src/prerender.tsx compiled for Node and
// run once after the browser build. It writes the app's prerendered HTML and the CSS that
// HTML needs into dist/prerender/, where the server finds them (shared/src/prerender.ts).
const fs = require('node:fs');
const path = require('node:path');
const { buildIdPlugin, TYPESCRIPT_RULE, ASSET_RULE, INLINE_SVG_RULE, MARKDOWN_RULE } = require('./app-config.cjs');

/**
 * Stands for the URL a remote's own files are served from; the server puts the real one in.
 * The host's files are always at the site root, so its HTML and CSS name them there.
 */
const PUBLIC_PATH_TOKEN = '/__blooms_public_path__/';
const PRERENDER_DIR = 'prerender';

/** Runs the compiled prerender entry and writes what it returns, once webpack has emitted it. */
class WritePrerenderedPages {
  constructor({ bundleDir, distDir, publicPath }) {
    this.bundleDir = bundleDir;
    this.distDir = distDir;
    this.publicPath = publicPath;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('WritePrerenderedPages', async (compilation) => {
      if (compilation.errors.length > 0) return;
      const bundle = path.join(this.bundleDir, 'prerender.js');
      delete require.cache[bundle];
      const pages = await require(bundle).prerender();
      const json = JSON.stringify(pages);
      const cssFile = path.join(this.bundleDir, 'prerender.css');
      const css = fs.existsSync(cssFile) ? fs.readFileSync(cssFile, 'utf8') : '';
      this.checkAssets(json + css);
      const outDir = path.join(this.distDir, PRERENDER_DIR);
      fs.mkdirSync(outDir, { recursive: true });
      fs.writeFileSync(path.join(outDir, 'pages.json'), json);
      fs.writeFileSync(path.join(outDir, 'styles.css'), css);
    });
  }

  /** Every image or font the HTML and CSS name must be a file the browser build emitted, or the page breaks. */
  checkAssets(text) {
    const named = new RegExp(`${this.publicPath.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(assets/[^"'\\\\\\s?#)]+)`, 'g');
    const missing = [...text.matchAll(named)].map((match) => match[1]).filter((file) => !fs.existsSync(path.join(this.distDir, file)));
    if (missing.length > 0)
      throw new Error(`Prerendered HTML names files the browser build did not emit: ${[...new Set(missing)].join(', ')}`);
  }
}

/**
 * @param browser the app's browser build settings: the prerender resolves and names files
 *   the same way, so the HTML it writes points at that build's images.
 */
function createPrerenderConfig({ dir, browser }) {
  const MiniCssExtractPlugin = require(require.resolve('mini-css-extract-plugin', { paths: [dir] }));
  const bundleDir = path.join(dir, 'node_modules', '.cache', 'prerender');
  const publicPath = browser.output.publicPath === 'auto' ? PUBLIC_PATH_TOKEN : browser.output.publicPath;
  return {
    name: 'prerender',
    // After the browser build, whose dist/ it writes into (that build cleans dist/ first).
    dependencies: [browser.name],
    mode: browser.mode,
    context: dir,
    target: 'node',
    devtool: false,
    entry: { prerender: './src/prerender.tsx' },
    output: {
      path: bundleDir,
      filename: '[name].js',
      library: { type: 'commonjs2' },
      publicPath,
      assetModuleFilename: browser.output.assetModuleFilename,
      clean: true,
    },
    resolve: browser.resolve,
    module: {
      rules: [
        TYPESCRIPT_RULE,
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        // The browser build emits the images and fonts; this build only needs their URLs.
        { ...ASSET_RULE, generator: { emit: false } },
        INLINE_SVG_RULE,
        MARKDOWN_RULE,
      ],
    },
    optimization: { minimize: false, splitChunks: false },
    plugins: [
      buildIdPlugin(dir),
      new MiniCssExtractPlugin({ filename: '[name].css' }),
      new WritePrerenderedPages({ bundleDir, distDir: browser.output.path, publicPath }),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/** A production build of an app with public pages: its browser build, then its prerender. */
function withPrerender({ dir, browser }) {
  return browser.mode === 'production' ? [browser, createPrerenderConfig({ dir, browser })] : browser;
}

module.exports = { withPrerender };
