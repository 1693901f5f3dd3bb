import { expect, type Page } from '@playwright/test';
import { idTokenFor as idTokenFromEmulator } from '../../scripts/lib/auth-emulator.cjs';
import { ownStack } from './stacks';

export const ADMIN_EMAIL = 'admin@example.com';

/** Signs in through the local Google sign-in dialog, as a person would against the emulator. */
export async function signInLocally(page: Page, email: string, name = ''): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const dialog = page.getByRole('dialog', { name: 'Local Google sign-in' });
  await dialog.getByLabel('Email').fill(email);
  if (name) await dialog.getByLabel('Name (optional)').fill(name);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs staff in and waits for where they land: admins on the dashboard, employees on My Deliveries. */
export async function signInAsStaff(page: Page, email: string, lands: 'dashboard' | 'my-deliveries' = 'dashboard'): Promise<void> {
  await signInLocally(page, email);
  await expect(page).toHaveURL(new RegExp(`/${lands}$`));
}

export function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

/** An ID token for the address, from the Auth emulator of this worker's stack, for a test to call the API as that person (staff, or a subscriber). */
export function idTokenFor(email: string): Promise<string> {
  return idTokenFromEmulator(`127.0.0.1:${ownStack.authEmulatorPort}`, email);
}
