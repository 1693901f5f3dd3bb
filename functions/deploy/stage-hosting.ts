import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/config';
import { PAGE_TEMPLATE } from '../src/firebase/hosting';
import { LIVE_FILE, RELEASE_LOG_FILE, VERSIONS_DIR } from '@blooms/shared/contract/releases';
import { hostingDir, packageOf, SITES, type Site } from './firebase-json';

/** Not uploaded: source maps are for debugging, and Hosting compresses on its own. */
export const LEFT_OUT = /\.(map|br|gz)$/;

/** What a remote's Hosting folder keeps when its latest build is staged again: its releases (`pnpm release`). */
const RELEASES = new Set([VERSIONS_DIR, LIVE_FILE, RELEASE_LOG_FILE]);

/**
 * Copies an app's build into its Hosting folder as it is deployed: without source maps and
 * precompressed copies, and (the host) with index.html renamed, because a real index.html
 * would be served for / before the rewrite to the pages function that prerenders it. A
 * remote's versions and which one is live stay as they are (docs/releases.md).
 */
export function stageHosting(site: Site): { files: number; dir: string } {
  const from = path.join(REPO_ROOT, packageOf(site), 'dist');
  const to = path.join(REPO_ROOT, hostingDir(site));
  if (!fs.existsSync(path.join(from, site === 'host' ? 'index.html' : 'mf-manifest.json'))) {
    throw new Error(`${packageOf(site)} has no build in ${from}: run \`pnpm --filter ${packageOf(site)} build\` first.`);
  }
  for (const entry of fs.existsSync(to) ? fs.readdirSync(to) : []) {
    if (site === 'host' || !RELEASES.has(entry)) fs.rmSync(path.join(to, entry), { recursive: true, force: true });
  }
  let files = 0;
  fs.cpSync(from, to, {
    recursive: true,
    filter: (source) => {
      const keep = !LEFT_OUT.test(source);
      if (keep && fs.statSync(source).isFile()) files += 1;
      return keep;
    },
  });
  if (site === 'host') fs.renameSync(path.join(to, 'index.html'), path.join(to, PAGE_TEMPLATE));
  return { files, dir: to };
}

if (require.main === module) {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((site) => !(SITES as readonly string[]).includes(site));
  if (unknown.length > 0) {
    console.error(`Unknown site ${unknown.join(', ')}; the sites are ${SITES.join(', ')}.`);
    process.exit(2);
  }
  for (const site of (asked.length > 0 ? asked : SITES) as Site[]) {
    const { files, dir } = stageHosting(site);
    console.log(`${site}: ${files} files in ${path.relative(REPO_ROOT, dir)}`);
  }
}
