#!/usr/bin/env node
// Where a page's JavaScript goes: reads a Lighthouse report (LIGHTHOUSE_REPORT_DIR of
// `pnpm bench:lighthouse`) and the builds' source maps, and prints the compressed bytes of
// each script the page loaded, split by the package or app folder its code came from.
//   node scripts/js-breakdown.mjs /tmp/lh/home.json
// A script's transferred (Brotli) size is shared out in proportion to each source's share of
// its minified bytes: an estimate, close enough to say what is worth cutting.
import fs from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { repoRoot } from './lib/builds.mjs';

const report = JSON.parse(fs.readFileSync(process.argv[2] ?? '', 'utf8'));
const scripts = report.audits['network-requests'].details.items.filter((item) => item.resourceType === 'Script');

/** The built file behind a URL: the host's at /, a remote's under /remotes/{name}/. */
function builtFile(url) {
  const { pathname } = new URL(url);
  const remote = /^\/remotes\/([a-z]+)\/(.+)$/.exec(pathname);
  return remote ? path.join(repoRoot, `${remote[1]}-remote`, 'dist', remote[2]) : path.join(repoRoot, 'host', 'dist', pathname.slice(1));
}

/** A source's group: its npm package, or the app folder it lives in. */
function groupOf(source) {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules)/.exec(source);
  if (pkg) return pkg[1];
  if (/webpack\/(?:runtime|bootstrap|container-entry)|^\.federation|webpack-bundler-runtime/.test(source))
    return 'webpack and federation glue';
  // Paths as the app's own build names them (webpack://marketing/src/...) or through the workspace (../shared/src/...).
  const own = /^webpack:\/\/([a-z]+)\/(?:\.\/)?src\/(?:([^/]+)\/)?/.exec(source);
  if (own) return `${own[1] === 'host' ? 'host' : `${own[1]}-remote`}/src/${own[2] ?? ''}`;
  const app = /(?:^|\/)(host|shared|[a-z]+-remote)\/src\/(?:([^/]+)\/)?/.exec(source);
  return app ? `${app[1]}/src/${app[2] ?? ''}` : source;
}

/** Minified bytes per group, from the source map's mappings. */
function bytesByGroup(file) {
  const code = fs.readFileSync(file, 'utf8');
  const mapFile = `${file}.map`;
  if (!fs.existsSync(mapFile)) return new Map([['(no source map)', code.length]]);
  const lines = code.split('\n');
  const consumer = new SourceMapConsumer(JSON.parse(fs.readFileSync(mapFile, 'utf8')));
  const mappings = [];
  consumer.eachMapping((m) => mappings.push(m));
  const sizes = new Map();
  mappings.forEach((m, i) => {
    const next = mappings[i + 1];
    const end = next && next.generatedLine === m.generatedLine ? next.generatedColumn : lines[m.generatedLine - 1].length;
    const group = m.source ? groupOf(m.source) : 'webpack and federation glue';
    sizes.set(group, (sizes.get(group) ?? 0) + Math.max(0, end - m.generatedColumn));
  });
  return sizes;
}

const totals = new Map();
let total = 0;
for (const script of scripts) {
  const file = builtFile(script.url);
  const kb = script.transferSize / 1024;
  total += kb;
  const sizes = fs.existsSync(file) ? bytesByGroup(file) : new Map([['(not built here)', 1]]);
  const raw = [...sizes.values()].reduce((sum, n) => sum + n, 0);
  const parts = [...sizes]
    .sort((a, b) => b[1] - a[1])
    .map(([group, n]) => {
      totals.set(group, (totals.get(group) ?? 0) + (kb * n) / raw);
      return `${group} ${((kb * n) / raw).toFixed(1)}`;
    });
  const shown = parts.slice(0, 4).filter((part) => !part.endsWith(' 0.0'));
  console.log(`${new URL(script.url).pathname}  ${kb.toFixed(1)} KB: ${shown.join(', ')}${parts.length > shown.length ? ', …' : ''}`);
}
console.log(`\nTotal ${total.toFixed(1)} KB, by package or folder:`);
for (const [group, kb] of [...totals].sort((a, b) => b[1] - a[1]))
  if (kb >= 0.05) console.log(`  ${kb.toFixed(1).padStart(5)} KB  ${group}`);
