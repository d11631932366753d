import { expect, test } from '@playwright/test';
import { logIn } from './helpers';

test('a User-role staff member sees only what their permissions allow', async ({ page }) => {
  await logIn(page, 'staff@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);

  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Operate' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Analyze' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Leaderboard' })).toBeVisible();
  // Chat (twm) and Settings are off for this user.
  await expect(menu.getByRole('link', { name: 'Message', exact: true })).toHaveCount(0);
  await expect(menu.getByRole('button', { name: 'Marketplace' })).toHaveCount(0);

  await page.getByRole('button', { name: /Sam Stone/ }).click();
  await expect(page.getByRole('menuitem', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/settings');
  await expect(page.getByText('The page you were looking for was not here!')).toBeVisible();
});

test('a trial location sees locked entries that lead to the subscriptions page', async ({ page }) => {
  await logIn(page, 'lite@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('link', { name: /Operate/ })).toHaveAttribute('href', '/settings/billing/subscriptions');
  await expect(menu.getByRole('link', { name: /Leaderboard/ })).toHaveAttribute('href', '/settings/billing/subscriptions');
});
