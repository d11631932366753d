import { expect, test, type Page } from '@playwright/test';
import { logIn, saveShot } from './helpers';

/** A 2x2 PNG, built here so the journey needs no fixture file. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGOQ96sEIgYIBQAXzgOZG2yjzwAAAABJRU5ErkJggg==',
  'base64',
);

const shot = (page: Page, name: string) => saveShot(page, `campaigns-${name}`, { fullPage: true });

test('an admin creates a campaign with an uploaded image and finds it after a reload', async ({ page }) => {
  // A long journey through every modal of the screen.
  test.setTimeout(120_000);
  await logIn(page, 'admin@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings/dispatch/campaigns');

  const list = page.getByRole('list', { name: 'Campaigns' });
  await expect(list.getByRole('listitem')).toHaveCount(8);
  await expect(list.getByRole('listitem').first()).toContainText('Default');
  await expect(page.getByText(/8 of 25/)).toBeVisible();
  await shot(page, 'list');

  await page.getByRole('searchbox', { name: 'Search campaigns' }).fill('drains');
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await page.getByRole('searchbox', { name: 'Search campaigns' }).fill('');

  await page.getByRole('button', { name: 'Create Campaign' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Campaign' });
  await expect(dialog.getByRole('tab')).toHaveText(['General', 'Youtube', 'Templates']);
  await dialog.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(dialog.getByText('Please provide a name')).toBeVisible();
  await expect(dialog.getByText('Please provide an image')).toBeVisible();

  await dialog.getByLabel('Name').fill('Rosa Delgado');
  await dialog.getByLabel('Department').fill('Drains');
  await dialog.getByLabel('Description').fill('Camera inspections and hydro-jetting.');
  await dialog.getByLabel('Employee ID').fill('EMP-3001');
  await dialog.getByLabel('Image: choose a file').setInputFiles({ name: 'rosa.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByRole('img', { name: /Image preview/ })).toHaveAttribute('src', /\/api\/images\//);
  await shot(page, 'create-general');

  await dialog.getByRole('tab', { name: 'Templates' }).click();
  const sms = dialog.getByLabel('Pulse Check SMS');
  await sms.fill('x'.repeat(141));
  await expect(dialog.getByText('141 / 140')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(dialog.getByText('Max length is 140 (141)')).toBeVisible();
  await sms.fill('Hi {customer_name}, how did Rosa do? {link}');
  await shot(page, 'create-modal');
  await dialog.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(page.getByText('Successfully added campaign!')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.reload();
  const row = page.getByRole('listitem', { name: 'Rosa Delgado' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Drains');
  await expect(row.locator('img')).toHaveAttribute('src', /\/api\/images\//);
  await expect(page.getByText(/9 of 25/)).toBeVisible();

  // Edit: the Social Media tab appears, and a link of its own turns off the account defaults.
  await row.getByRole('button', { name: 'Edit Rosa Delgado' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Rosa Delgado' });
  await expect(edit.getByLabel('Name', { exact: true })).toHaveValue('Rosa Delgado');
  await shot(page, 'edit-general');
  await edit.getByRole('tab', { name: 'Social Media' }).click();
  const defaults = edit.getByRole('checkbox', { name: /Use account defaults/ });
  await expect(defaults).toBeChecked();
  await defaults.uncheck();
  await edit.getByRole('textbox', { name: 'URL' }).fill('https://g.page/r/rosa/review');
  await edit.getByRole('button', { name: 'Add link' }).click();
  await expect(page.getByText('Successfully added account')).toBeVisible();
  await expect(edit.getByRole('list', { name: 'Campaign links' })).toContainText('Google');
  await expect(defaults).not.toBeChecked();
  await shot(page, 'edit-social');
  await edit.getByRole('button', { name: 'Close' }).first().click();

  // Preview opens the bio and the sample pulseCheck in new tabs.
  await row.getByRole('button', { name: 'Preview Rosa Delgado' }).click();
  const preview = page.getByRole('dialog', { name: /Preview/ });
  await expect(preview.getByText('What would you like to see?')).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Bio' })).toHaveAttribute('href', /^\/view-bio\/[0-9A-Za-z]{12}$/);
  await expect(preview.getByRole('link', { name: 'Pulse Check' })).toHaveAttribute('target', '_blank');
  await shot(page, 'preview');
  await page.keyboard.press('Escape');

  // FieldOps invite by email.
  await row.getByRole('button', { name: 'More actions for Rosa Delgado' }).click();
  await page.getByRole('menuitem', { name: 'FieldOps invite' }).click();
  const invite = page.getByRole('dialog', { name: 'FieldOps Invitation' });
  await invite.getByLabel('Phone number').fill('12345');
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(invite.getByText('Please enter a valid phone number')).toBeVisible();
  await invite.getByLabel('Phone number').fill('');
  await invite.getByLabel('Email').fill('rosa@example.com');
  await shot(page, 'fieldops');
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText('We have sent instructions on how to proceed')).toBeVisible();

  // Defaults: SMS templates are limited to 140 characters.
  await page.getByRole('button', { name: 'Edit Defaults' }).click();
  const defaultsDialog = page.getByRole('dialog', { name: 'Edit Defaults' });
  await defaultsDialog.getByLabel('Bio SMS').fill('Meet {employee_name} from {company_name}: {link}');
  await shot(page, 'defaults');
  await defaultsDialog.getByRole('button', { name: 'Save Defaults' }).click();
  await expect(page.getByText('Templates were successfully updated')).toBeVisible();

  // The default campaign offers no delete; the new one is deleted after confirmation.
  await page.getByRole('button', { name: 'More actions for Mike Torres' }).click();
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await row.getByRole('button', { name: 'More actions for Rosa Delgado' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete this campaign?' }).getByRole('button', { name: 'Delete Campaign' }).click();
  await expect(page.getByRole('listitem', { name: 'Rosa Delgado' })).toHaveCount(0);
  await expect(page.getByText(/8 of 25/)).toBeVisible();
});

test('a trial location cannot open the campaigns settings', async ({ page }) => {
  await logIn(page, 'lite@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings/dispatch/campaigns');
  await expect(page.getByText('The page you were looking for was not here!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Campaign' })).toHaveCount(0);
});
