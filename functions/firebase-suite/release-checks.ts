import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import type { AppConfig } from '@blooms/shared/contract/app-config';
import { LIVE_FILE, RELEASE_LOG_FILE, VERSIONS_DIR } from '@blooms/shared/contract/releases';
import { REPO_ROOT } from '../src/config';
import type { EmulatorStack } from '../deploy/emulator-stack';
import { hostingDir } from '../deploy/firebase-json';
import { versionOfBuild } from '../deploy/release';
import { check, expectEqual, expectTrue, fetch, hydrate, waitFor, watchForProblems } from './support';

/** `pnpm release` as a team runs it, on the remotes' Hosting folders (which the Hosting emulator serves as they are). */
function release(...args: string[]): void {
  const { status, stderr } = spawnSync('pnpm', ['release', ...args, '--firebase'], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (status !== 0) throw new Error(`pnpm release ${args.join(' ')} failed: ${stderr}`);
}

/** One remote shipped, pinned and rolled back alone, as docs/releases.md tells a team to. */
export async function releaseChecks(stack: EmulatorStack, browser: Browser): Promise<void> {
  const host = stack.siteUrl('host');
  const site = stack.siteUrl('marketing');
  const liveManifest = async () => ((await (await fetch(`${host}/app-config.json`)).json()) as AppConfig).remotes.marketing;

  await check(
    "the marketing remote shipped alone (pnpm release ship --firebase) is live at the next page load, and rolled back the same way; the host's files stay byte-identical",
    async () => {
      const hostMain = await (await fetch(`${host}/main.js`)).text();
      const version = versionOfBuild('marketing', path.join(REPO_ROOT, 'marketing-remote', 'dist'));
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      const problems = await watchForProblems(page);
      try {
        release('ship', 'marketing', '--from', 'marketing-remote/dist');
        const pinned = `${site}/${VERSIONS_DIR}/${version}/mf-manifest.json`;
        // The pages function keeps the sites' files 5 s.
        await waitFor(async () => (await liveManifest()) === pinned, 15_000, `app-config.json to name ${pinned}`);
        expectTrue(
          (await (await fetch(`${host}/`)).text()).includes(`${site}/${VERSIONS_DIR}/${version}/assets/`),
          "the prerendered home page's pictures from the version",
        );

        const entries: string[] = [];
        page.on('response', (response) => void (response.url().endsWith('/remoteEntry.js') && entries.push(response.url())));
        await page.goto(`${host}/faq`);
        await hydrate(page);
        await page.locator('[data-remote="marketing"]').getByRole('heading', { level: 1 }).waitFor();
        expectEqual(entries, [`${site}/${VERSIONS_DIR}/${version}/remoteEntry.js`], "the marketing remote's entry loaded");

        release('rollback', 'marketing');
        await waitFor(
          async () => (await liveManifest()) === `${site}/mf-manifest.json`,
          15_000,
          'app-config.json to name the latest build',
        );
        expectEqual(await (await fetch(`${host}/main.js`)).text(), hostMain, "the host's main.js");
        expectEqual(problems, [], 'problems');
      } finally {
        await page.close();
        for (const entry of [VERSIONS_DIR, LIVE_FILE, RELEASE_LOG_FILE])
          fs.rmSync(path.join(REPO_ROOT, hostingDir('marketing'), entry), { recursive: true, force: true });
      }
      return `shipped ${version}, live through Hosting, rolled back`;
    },
  );
}
