import { expect, test } from '@playwright/test';
import { logIn } from './helpers';

// This journey changes Dallas for good (it leaves its trial), so it runs after the journeys that need the trial.
test('a trial location upgrades through the built-in checkout and sees its add-ons unlocked', async ({ page }) => {
  await logIn(page, 'owner@kudo.test');
  await expect(page).toHaveURL(/\/select-location$/);
  await page.getByRole('button', { name: /Demo Plumbing Dallas/ }).first().click();
  await expect(page).not.toHaveURL(/\/select-location$/);
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('link', { name: 'Message', exact: true })).toHaveCount(0);

  await page.goto('/settings/billing/subscriptions');
  await page.getByRole('listitem', { name: 'Pro' }).getByRole('button', { name: 'Select' }).click();
  await page.getByRole('listitem', { name: 'Two-Way Messaging' }).getByRole('button', { name: 'Add to order' }).click();
  await page.getByRole('listitem', { name: 'Contact Card' }).getByRole('button', { name: 'Add to order' }).click();
  await page.getByRole('region', { name: 'Subtotal' }).getByRole('button', { name: 'Checkout' }).click();

  await expect(page).toHaveURL(/\/billing\/checkout\//);
  await expect(page.getByRole('heading', { name: 'Your order for Demo Plumbing Dallas' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Kudo Pro/ })).toContainText('$2,539.80/year');
  await expect(page.getByRole('row', { name: /Total due today/ })).toContainText('$3,641.40');
  await page.getByRole('button', { name: 'Confirm order' }).click();

  await expect(page).toHaveURL(/\/settings\/billing\/subscriptions$/);
  await expect(page.getByText('Upgrade successful!')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Pro' })).toContainText('Active');
  await expect(page.getByRole('listitem', { name: 'Two-Way Messaging' })).toContainText('Subscribed');
  await expect(page.getByRole('listitem', { name: 'Contact Card' })).toContainText('Subscribed');
  await expect(page.getByRole('heading', { name: '14-Day Free Trial' })).toHaveCount(0);

  // The add-ons are unlocked everywhere at once: the inbox and the contact card settings open.
  await page.goto('/message');
  await expect(page).toHaveURL(/\/message/);
  await expect(page.getByText('The page you were looking for was not here!')).toHaveCount(0);
  await page.goto('/settings/contact-card/contact-information');
  await expect(page).toHaveURL(/\/settings\/contact-card\/contact-information$/);
  await expect(page.getByRole('link', { name: 'Contact Card' }).first()).toBeVisible();
});
