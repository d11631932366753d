import { expect, test } from '@playwright/test';
import { logIn } from './helpers';

test('a user edits their profile and changes their password', async ({ page }) => {
  await logIn(page, 'admin@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/user-preferences');

  await page.getByLabel(/Phone/).fill('12');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Please enter a valid phone number')).toBeVisible();
  await page.getByLabel(/Phone/).fill('5125550142');
  await page.getByLabel(/First name/i).fill('Adrian');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByRole('button', { name: /Adrian Alvarez/ })).toBeVisible();

  await page.getByRole('button', { name: 'Update Password' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Current password/i).fill('demo1234');
  await dialog.getByLabel(/^New password/i).fill('better-pass2');
  await dialog.getByLabel(/Confirm/i).fill('better-pass2');
  await dialog.getByRole('button', { name: 'Update Password' }).click();
  await expect(dialog.getByText('Successfully updated your password.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Other journeys log in as this user with the demo password: put it back.
  await page.getByRole('button', { name: 'Update Password' }).first().click();
  await dialog.getByLabel(/Current password/i).fill('better-pass2');
  await dialog.getByLabel(/^New password/i).fill('demo1234');
  await dialog.getByLabel(/Confirm/i).fill('demo1234');
  await dialog.getByRole('button', { name: 'Update Password' }).click();
  await expect(dialog.getByText('Successfully updated your password.')).toBeVisible();
});
