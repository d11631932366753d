import { expect, test, type Page } from '@playwright/test';
import { linkFromOutbox, logIn, saveShot } from './helpers';

const shot = (page: Page, name: string) => saveShot(page, `general-${name}`, { fullPage: true });

test('an admin creates a user, who logs in after verifying their email', async ({ page }) => {
  await logIn(page, 'admin@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings/general/users');
  await expect(page.getByRole('heading', { name: 'General' })).toBeVisible();
  await expect(page.getByTestId('user-row-maria.garcia@kudo.test')).toBeVisible();
  // Owner rows are locked; the inactive and unverified users show as such.
  const ownerRow = page.getByTestId('user-row-owner@kudo.test');
  await expect(ownerRow.getByRole('switch', { name: /Active/ })).toBeDisabled();
  await expect(page.getByTestId('user-row-jordan.lee@kudo.test').getByText('Pending verification')).toBeVisible();
  await expect(page.getByTestId('user-row-tom.nguyen@kudo.test').getByText('Inactive')).toBeVisible();
  await shot(page, 'users');

  // Search narrows the table.
  await page.getByLabel('Search users by email').fill('maria');
  await expect(page.getByTestId('user-row-admin@kudo.test')).toHaveCount(0);
  await page.getByLabel('Search users by email').fill('');

  // A toggle saves at once.
  const analytics = page.getByTestId('user-row-maria.garcia@kudo.test').getByRole('switch', { name: /Analytics/ });
  await analytics.click();
  await expect(page.getByText('Changes saved.').first()).toBeVisible();
  await expect(analytics).toHaveAttribute('aria-checked', 'false');

  await page.getByRole('button', { name: 'Create User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create User' });
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(dialog.getByText('Please provide a valid email')).toBeVisible();
  await dialog.getByLabel('Email').fill('new.hire@example.com');
  await dialog.getByLabel('Password', { exact: true }).fill('fresh-pass1');
  await dialog.getByLabel('Confirm Password').fill('fresh-pass2');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(dialog.getByText('Passwords do not match')).toBeVisible();
  await dialog.getByLabel('Confirm Password').fill('fresh-pass1');
  await shot(page, 'users-create');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('new.hire@example.com added!')).toBeVisible();
  await expect(page.getByText(/A verification email has been sent out/)).toBeVisible();
  await expect(page.getByTestId('user-row-new.hire@example.com').getByText('Pending verification')).toBeVisible();

  // The verification email is in the outbox (read while still logged in as the admin).
  const link = await linkFromOutbox(page, 'new.hire@example.com');

  // Not verified yet: the login is refused.
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  await logIn(page, 'new.hire@example.com', 'fresh-pass1');
  await expect(page.getByText('Please verify your email address before logging in.')).toBeVisible();

  await page.goto(link);
  await expect(page.getByRole('heading', { name: /Email Verified/ })).toBeVisible();

  await logIn(page, 'new.hire@example.com', 'fresh-pass1');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an admin changes the brand colour and sees it in the menu bar', async ({ page }) => {
  await logIn(page, 'admin@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings/general/branding');
  const hex = page.getByLabel('Hex value');
  await expect(hex).toHaveValue('#1f4e79');
  await expect(page.getByLabel('Company Name')).toHaveValue('Demo Plumbing Austin');
  await shot(page, 'branding');

  await hex.fill('#zz0000');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Please choose a valid color such as #1f4e79')).toBeVisible();

  await hex.fill('#AA3300');
  // The preview follows the typed colour before anything is saved.
  await expect(page.getByTestId('menu-preview')).toHaveCSS('background-color', 'rgb(170, 51, 0)');
  // A logo uploaded through the image host shows in the preview, then in the menu bar once saved.
  const png = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 40;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#ffffff';
    g.font = 'bold 26px sans-serif';
    g.fillText('DEMO CO', 8, 30);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  await page.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
  await expect(page.getByTestId('menu-preview').locator('img')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your settings have been saved!')).toBeVisible();
  await expect(page.getByTestId('menu-bar')).toHaveCSS('background-color', 'rgb(170, 51, 0)');
  await expect(page.getByTestId('menu-bar').getByRole('img', { name: 'Company logo' })).toBeVisible();

  // Company details: a bad phone is refused, a good one saved.
  await page.getByLabel('Phone').fill('123');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Please enter a valid phone number')).toBeVisible();
  await page.getByLabel('Phone').fill('512 555 0123');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(/Company details saved!/)).toBeVisible();
  await expect(page.getByLabel('Phone')).toHaveValue('(512) 555-0123');

  // The colour stays after a reload, everywhere in the app.
  await page.goto('/dashboard');
  await expect(page.getByTestId('menu-bar')).toHaveCSS('background-color', 'rgb(170, 51, 0)');
  await shot(page, 'menu-bar');
});

test('an admin adds a reporting email, which the recipient confirms', async ({ page }) => {
  await logIn(page, 'admin@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings/general/reporting');
  await expect(page.getByTestId('recipient-row-priya.shah@example.com').getByText('Pending verification')).toBeVisible();

  const form = page.getByRole('form', { name: 'Add reporting email' });
  await form.getByLabel('Name').fill('Bob <b>');
  await form.getByLabel('Email').fill('bob@example.com');
  await form.getByRole('button', { name: 'Add Email' }).click();
  await expect(form.getByText('Please enter a valid name')).toBeVisible();
  await form.getByLabel('Name').fill("Bob O'Hara");
  await form.getByRole('switch', { name: 'Monthly' }).click();
  await form.getByRole('button', { name: 'Add Email' }).click();
  await expect(page.getByText('Email saved!').first()).toBeVisible();
  const row = page.getByTestId('recipient-row-bob@example.com');
  await expect(row.getByText('Pending verification')).toBeVisible();
  await expect(row.getByRole('switch', { name: /Monthly/ })).toHaveAttribute('aria-checked', 'false');
  await shot(page, 'reporting');

  // Verified rows ask before deleting.
  await page.getByTestId('recipient-row-mark.obrien@example.com').getByRole('button', { name: /Delete/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete email?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('recipient-row-mark.obrien@example.com')).toBeVisible();

  const link = await linkFromOutbox(page, 'bob@example.com');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: /Email Verified/ })).toBeVisible();
  await page.goto('/settings/general/reporting');
  await expect(page.getByTestId('recipient-row-bob@example.com').getByText('Verified')).toBeVisible();
});
