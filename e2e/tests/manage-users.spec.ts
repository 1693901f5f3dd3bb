import { expect, test } from '../support/test';
import { ADMIN_EMAIL, mainNav, signInAsStaff } from '../support/session';

test('an admin manages an employee from first sign-in to removal', async ({ browser }) => {
  const adminContext = await browser.newContext();
  const employeeContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const employee = await employeeContext.newPage();
  const email = `casey-${Date.now()}@blooms.example`;

  // The admin adds an employee.
  await signInAsStaff(admin, ADMIN_EMAIL);
  await mainNav(admin).getByRole('link', { name: 'Users' }).click();
  // Every user shows a name: the admin, who has none yet, by their e-mail before the @.
  await expect(admin.getByRole('cell', { name: 'admin (no name yet)' })).toBeVisible();
  await admin.getByLabel('Name', { exact: true }).fill('Casey Jones');
  await admin.getByLabel('Email', { exact: true }).fill(email);
  await expect(admin.getByLabel('Role', { exact: true })).toHaveValue('employee');
  await admin.getByRole('button', { name: 'Add User' }).click();
  const row = admin.getByRole('row', { name: /Casey Jones/ });
  await expect(row).toContainText(email);
  await expect(row).toContainText('Employee');

  // A duplicate in another case is refused with a clear message.
  await admin.getByLabel('Name', { exact: true }).fill('Casey Again');
  await admin.getByLabel('Email', { exact: true }).fill(email.toUpperCase());
  await admin.getByRole('button', { name: 'Add User' }).click();
  await expect(admin.getByRole('alertdialog')).toContainText(`A user with the e-mail ${email} already exists.`);
  await admin.getByRole('button', { name: 'Close' }).click();

  // The employee signs in: Today yes, Users no, /users leads to /login.
  await signInAsStaff(employee, email, 'my-deliveries');
  await expect(mainNav(employee).getByRole('link', { name: 'Today' })).toBeVisible();
  await expect(mainNav(employee).getByRole('link', { name: 'Users' })).toHaveCount(0);
  await employee.goto('/users');
  await expect(employee).toHaveURL(/\/login$/);
  await expect(employee.getByRole('alert')).toContainText('Only admins can open that page');

  // The employee's dashboard lists assignees by first name...
  await mainNav(employee).getByRole('link', { name: 'Today' }).click();
  // Maria Lopez's Yearly plan delivers whichever month the dashboard opens on.
  await employee.getByRole('checkbox', { name: 'Select Maria Lopez' }).check();
  const assignees = employee.getByRole('combobox', { name: 'Assign 1 delivery to:' });
  await expect(assignees.getByRole('option', { name: 'Casey' })).toHaveCount(1);

  // ...and shows the new first name, without a reload, once the admin renames the employee.
  await admin.getByRole('button', { name: 'Edit Casey Jones' }).click();
  await admin.getByLabel('Name of Casey Jones').fill('Morgan Jones');
  await admin.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(admin.getByRole('row', { name: /Morgan Jones/ })).toContainText(email);
  await expect(assignees.getByRole('option', { name: 'Morgan' })).toHaveCount(1);
  await expect(assignees.getByRole('option', { name: 'Casey' })).toHaveCount(0);

  // The last admin cannot be demoted.
  // (The admin from ADMIN_EMAILS starts without a name, and a name is required.)
  await admin.getByRole('button', { name: `Edit ${ADMIN_EMAIL}` }).click();
  await admin.getByLabel(`Name of ${ADMIN_EMAIL}`).fill('Avery Admin');
  await admin.getByLabel(`Role of ${ADMIN_EMAIL}`).selectOption('employee');
  await admin.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(admin.getByRole('alertdialog')).toContainText('Monthly Blooms needs at least one admin');
  await admin.getByRole('button', { name: 'Close' }).click();
  await admin.getByRole('button', { name: 'Cancel' }).click();

  // The admin deletes the employee, after the warning.
  await admin.getByRole('button', { name: 'Edit Morgan Jones' }).click();
  // Destructive at each step: the row's Delete and the warning's Delete Permanently are drawn alike, in the error colour.
  await admin.mouse.move(0, 0);
  const danger = await admin.getByRole('button', { name: 'Delete', exact: true }).evaluate((b) => getComputedStyle(b).backgroundColor);
  await admin.getByRole('button', { name: 'Delete', exact: true }).click();
  const warning = admin.getByRole('alertdialog', { name: 'Warning' });
  await expect(warning).toContainText('Are you sure you want to permanently delete this user? This action cannot be undone.');
  await admin.mouse.move(0, 0);
  await expect(warning.getByRole('button', { name: 'Delete Permanently' })).toHaveCSS('background-color', danger);
  await admin.screenshot({ path: 'artifacts/screenshots/users-delete-warning.png' });
  await warning.getByRole('button', { name: 'Delete Permanently' }).click();
  await expect(admin.getByRole('row', { name: /Morgan Jones/ })).toHaveCount(0);

  // The removed employee's open screen is cut off at once: signed out, back on /login.
  await expect(employee.getByRole('alertdialog')).toContainText("You're not authorized to access this app. Please contact the admin.");
  await expect(employee).toHaveURL(/\/login$/);
  await expect(mainNav(employee).getByRole('link', { name: 'Today' })).toHaveCount(0);

  await adminContext.close();
  await employeeContext.close();
});

for (const width of [1280, 390]) {
  test(`an empty field of Add New User is marked as well as alerted, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsStaff(page, ADMIN_EMAIL);
    await page.goto('/users');
    const name = page.getByLabel('Name', { exact: true });
    const email = page.getByLabel('Email', { exact: true });
    await email.fill('someone@blooms.example');
    await page.getByRole('button', { name: 'Add User' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('All fields required');
    await page.getByRole('button', { name: 'Close' }).click();

    // The empty name is marked in red with its message; focus is back on it; the e-mail is not marked.
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Name is required.');
    await expect(name).toBeFocused();
    await expect(name).toHaveCSS('border-top-color', await page.locator('.field-problem').evaluate((p) => getComputedStyle(p).color));
    await expect(email).not.toHaveAttribute('aria-invalid');
    await page.screenshot({ path: `artifacts/screenshots/users-empty-name-${width}.png` });

    await name.pressSequentially('R');
    await expect(name).not.toHaveAttribute('aria-invalid');
    await expect(page.getByText('Name is required.')).toHaveCount(0);
  });
}
