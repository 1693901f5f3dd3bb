import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/test';
import { ADMIN_EMAIL, mainNav, signInAsStaff } from '../support/session';
import { buildAdminRemote, REPO_ROOT } from '../support/remote-builds';

const ADMIN_REMOTE = path.join(REPO_ROOT, 'admin-remote');
/** The stack's releases folder (its DATA_DIR's, as the self-hosted server's default). */
const RELEASES = path.join(process.env.E2E_DATA_DIR!, 'releases');

const release = (...args: string[]) =>
  execFileSync('pnpm', ['release', ...args, '--releases', RELEASES], { cwd: REPO_ROOT, encoding: 'utf8' });

/**
 * The admin team's change: one more screen in its exposes.cjs. Written beside the remote's
 * own modules (inside its node_modules, which resolve React and @blooms/shared as its screens
 * do) rather than into its source, and built with that declaration (--env exposes).
 */
function writeAddedScreen(dir: string): string {
  const screen = path.join(dir, 'DeliveryNotesPage.js');
  fs.writeFileSync(
    screen,
    `import { createElement as h } from 'react';
import { Screen } from '@blooms/shared/ui/Screen';
export default function DeliveryNotesPage() {
  return h(Screen, { remote: 'admin', title: 'Delivery notes' }, h('div', { className: 'container page' }, h('h1', null, 'Delivery notes'), h('p', null, 'Notes for the drivers, kept by the studio.')));
}
`,
  );
  const declaration = path.join(dir, 'exposes.cjs');
  fs.writeFileSync(
    declaration,
    `const { screens } = require(${JSON.stringify(path.join(ADMIN_REMOTE, 'exposes.cjs'))});
exports.screens = [...screens, { path: '/delivery-notes', module: 'DeliveryNotes', file: ${JSON.stringify(screen)}, access: 'admin', nav: 'Notes' }];
`,
  );
  return declaration;
}

test('a screen added to the admin remote and shipped alone is there at the next page load, link included; rolled back, it is gone', async ({
  page,
}) => {
  test.setTimeout(240_000);
  fs.mkdirSync(path.join(ADMIN_REMOTE, 'node_modules', '.cache'), { recursive: true });
  const source = fs.mkdtempSync(path.join(ADMIN_REMOTE, 'node_modules', '.cache', 'added-screen-'));
  let build = '';
  try {
    build = buildAdminRemote('notes', `exposes=${writeAddedScreen(source)}`, `notes-${Date.now()}`);
    await signInAsStaff(page, ADMIN_EMAIL);
    await expect(mainNav(page).getByRole('link', { name: 'Users' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Notes' })).toHaveCount(0);
    const hostMain = await (await page.request.get('/main.js')).text();

    const shipped = release('ship', 'admin', '--from', build);
    expect(shipped).toMatch(/admin: ship -> notes-\d+ \(was its latest build \(unpinned\)\)/);

    await page.reload();
    await mainNav(page).getByRole('link', { name: 'Notes' }).click();
    await expect(page).toHaveURL(/\/delivery-notes$/);
    await expect(page.locator('[data-remote="admin"]').getByRole('heading', { name: 'Delivery notes' })).toBeVisible();
    await expect(page).toHaveTitle('Delivery notes | Monthly Blooms');
    // The admin's other screens come from the shipped version too; the host was not rebuilt.
    await mainNav(page).getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('button', { name: 'Add User' })).toBeVisible();
    expect(await (await page.request.get('/main.js')).text()).toBe(hostMain);

    expect(release('rollback', 'admin')).toContain('admin: rollback -> its latest build (unpinned)');
    await page.goto('/delivery-notes');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Notes' })).toHaveCount(0);
    await expect(mainNav(page).getByRole('link', { name: 'Users' })).toBeVisible();
  } finally {
    fs.rmSync(source, { recursive: true, force: true });
    if (build) fs.rmSync(build, { recursive: true, force: true });
    fs.rmSync(path.join(RELEASES, 'admin'), { recursive: true, force: true });
  }
});
