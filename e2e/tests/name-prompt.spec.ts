import { expect, test } from '../support/test';
import { ADMIN_EMAIL, signInAsStaff } from '../support/session';

// The admin from ADMIN_EMAILS has no name: the staff screens ask it, once. Saving a name is not
// done here (other tests count on this admin having none); functions/test/me.test.ts and the
// host's NamePrompt test cover it.
for (const width of [1280, 390]) {
  test(`a staff member with no name is asked for it on a staff screen, and "Not now" stops the asking, at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsStaff(page, ADMIN_EMAIL);
    const prompt = page.getByRole('region', { name: 'What should we call you?' });
    await expect(prompt).toContainText('You show as “admin” to the team.');
    await expect(prompt).toBeInViewport();

    // A name of spaces is refused at the field, in the shared words.
    await prompt.getByLabel('Your name').fill('   ');
    await prompt.getByRole('button', { name: 'Save my name' }).click();
    await expect(prompt.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
    await expect(prompt.getByLabel('Your name')).toHaveAccessibleDescription('Name is required.');
    await page.screenshot({ path: `artifacts/screenshots/name-prompt-${width}.png` });

    // Public pages do not ask.
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(prompt).toHaveCount(0);

    await page.goto('/my-deliveries');
    await prompt.getByRole('button', { name: 'Not now' }).click();
    await expect(prompt).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(prompt).toHaveCount(0);
  });
}
