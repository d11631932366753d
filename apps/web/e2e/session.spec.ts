import { expect, test } from '@playwright/test';
import { logIn } from './helpers';

test('an owner logs in, chooses a location, switches to another and logs out', async ({ page }) => {
  await logIn(page, 'owner@kudo.test');

  // Two locations: the owner must choose one.
  await expect(page).toHaveURL(/\/select-location$/);
  await page.getByRole('button', { name: /Demo Plumbing Austin/ }).first().click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Reviews & Ratings Growth' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Latest Reviews' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Competitors' })).toBeVisible();
  await expect(page.getByText('Olivia Owens')).toBeVisible();
  // Austin has every add-on: no trial banner, and Message is in the menu.
  await expect(page.getByRole('link', { name: 'Message', exact: true })).toBeVisible();

  // Switch to Dallas from the location block; the page reloads on the new location.
  await page.getByRole('button', { name: /Location: Demo Plumbing Austin/ }).click();
  await page.getByPlaceholder('Search by Name or Address').fill('ross');
  await page.getByRole('dialog', { name: 'Choose a location' }).getByRole('button', { name: /Demo Plumbing Dallas/ }).last().click();
  await expect(page.getByRole('button', { name: /Location: Demo Plumbing Dallas/ })).toBeVisible();
  // Dallas is on a trial with an expired Google connection: trial banner and the red connection banner.
  await expect(page.getByText(/9 days left/i)).toBeVisible();
  await expect(page.getByText(/Google Business Profile connection has expired/)).toBeVisible();
  await expect(page.getByText('URGENT: Action Required for Message Delivery')).toBeVisible();

  // Logout ends the session: the dashboard now asks for a login.
  await page.getByRole('button', { name: /Olivia Owens/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
});

test('a wrong password shows the server message and keeps the user on login', async ({ page }) => {
  await logIn(page, 'owner@kudo.test', 'not-the-password');
  await expect(page.getByText('The email or password you entered is incorrect.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
