import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { ADMIN_EMAIL, mainNav, signInAsStaff } from '../support/session';
import { buildAdminRemote } from '../support/remote-builds';

/** Collects the page's console errors, for what a test expects to be reported. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** Serves /remotes/<remote>/ from another build folder, as if that build had been deployed. */
async function serveRemoteFrom(page: Page, remote: string, dir: string): Promise<void> {
  await page.route(`**/remotes/${remote}/**`, async (route) => {
    const file = path.join(dir, new URL(route.request().url()).pathname.replace(`/remotes/${remote}/`, ''));
    if (!fs.existsSync(file)) return route.fulfill({ status: 404 });
    const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'application/json';
    return route.fulfill({ body: fs.readFileSync(file), contentType: type });
  });
}

test('an admin remote built for the next major of the shared runtime is refused: the page says it is being updated, and the rest works', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // A team's build against a breaking change of @blooms/shared's runtime (2.x) that this host does not have.
  const dir = buildAdminRemote('runtime-2', 'sharedRuntimeVersion=2.0.0');
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8')) as {
      shared: { name: string; requiredVersion: string }[];
    };
    expect(manifest.shared.find((shared) => shared.name === '@blooms/shared/runtime/auth-store')?.requiredVersion).toBe('^2.0.0');

    await serveRemoteFrom(page, 'admin', dir);
    const errors = consoleErrors(page);
    await signInAsStaff(page, ADMIN_EMAIL);
    await mainNav(page).getByRole('link', { name: 'Users' }).click();
    const message = page.getByRole('alert');
    await expect(message).toContainText('This page is being updated');
    await expect(message).toContainText(
      'The user management part of the site that is live now was made for another version of the site, so it is not opened.',
    );
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    // Never run on modules it was not built for: nothing of it is on the page.
    await expect(page.locator('[data-remote="admin"]')).toHaveCount(0);
    // Reported, naming the shared module and the versions.
    expect(errors.join('\n')).toMatch(/@blooms\/shared\/runtime\/[a-z-]+ does not satisfy the requirement of admin which needs \^2\.0\.0/);

    // The rest of the site works: the staff remote, the header, the footer.
    await mainNav(page).getByRole('link', { name: 'Today' }).click();
    await expect(page.locator('[data-remote="staff"]')).toBeVisible();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a route to a module the staff build does not expose says the page is being updated, with no Retry to loop on', async ({ page }) => {
  // A host ahead of the remote: the site's routes name a screen the live staff build does not have.
  await page.route('**/app-config.json', async (route) => {
    const response = await route.fetch();
    const config = await response.json();
    config.routes.push({ path: '/delivery-notes', remote: 'staff', module: 'DeliveryNotes', access: 'staff', nav: 'Notes' });
    await route.fulfill({ response, json: config });
  });
  const errors = consoleErrors(page);
  await signInAsStaff(page, ADMIN_EMAIL);
  await mainNav(page).getByRole('link', { name: 'Notes' }).click();
  const message = page.getByRole('alert');
  await expect(message).toContainText('This page is being updated');
  await expect(message).toContainText('The staff part of the site that is live now does not have this page yet.');
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  expect(errors.join('\n')).toContain('The live build does not expose staff/DeliveryNotes');
  await message.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page.locator('[data-remote="marketing"]')).toBeVisible();
});
