import { expect, test, type Page } from '@playwright/test';
import { linkFromOutbox, logIn, saveShot } from './helpers';

const shot = (page: Page, name: string) => saveShot(page, `dashboard-${name}`, { fullPage: true });

/** A panel of the dashboard, found by its title. */
const panel = (page: Page, title: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test('the demo owner sees real figures in the three panels', async ({ page }) => {
  await logIn(page, 'owner@kudo.test');
  await page.getByRole('button', { name: /Demo Plumbing Austin/ }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Collecting Data')).toHaveCount(0);

  const growth = panel(page, 'Reviews & Ratings Growth');
  await expect(growth.getByText(/since joining/).first()).toBeVisible();
  await expect(growth.getByRole('row', { name: /Google/ })).toBeVisible();

  const latest = panel(page, 'Latest Reviews');
  await expect(latest.getByRole('listitem').first()).toBeVisible();
  await expect(latest.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/analyze/reviews/social-reviews');

  const competitors = panel(page, 'Competitors');
  await expect(competitors.getByText('(You)')).toBeVisible();
  await expect(competitors.getByRole('cell', { name: '1st' })).toBeVisible();
  await shot(page, 'austin');
});

test('a trial location sees the trial banner on the dashboard and the Analyze screens, and reaches them', async ({ page }) => {
  await logIn(page, 'owner@kudo.test');
  await page.getByRole('button', { name: /Demo Plumbing Dallas/ }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(/9 days left/i)).toBeVisible();
  // The connection notice of Dallas' expired Google connection stays above the panels.
  await expect(page.getByText(/Google Business Profile connection has expired/)).toBeVisible();
  for (const title of ['Reviews & Ratings Growth', 'Latest Reviews', 'Competitors']) {
    await expect(panel(page, title).getByText('Loading…')).toHaveCount(0);
  }
  await shot(page, 'dallas');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Analyze' }).click();
  await page.getByRole('menuitem', { name: 'Overview' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews & Ratings Growth' })).toBeVisible();
  await expect(page.getByText(/9 days left/i)).toBeVisible();
  // A trial has no add-on: Two-Way Messaging and Employee Rewards are not offered.
  const nav = page.getByRole('navigation', { name: 'Analyze' });
  await expect(nav.getByRole('link', { name: 'Two-Way Messaging' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Employee Rewards' })).toHaveCount(0);
  await shot(page, 'dallas-overview');

  await nav.getByRole('link', { name: 'Dispatching' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dispatching' })).toBeVisible();
  await expect(page.getByText(/9 days left/i)).toBeVisible();
  await expect(page.getByText('Customer Engagement')).toBeVisible();
});

test('a user without the analytics permission has no Analyze', async ({ page }) => {
  await logIn(page, 'admin@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings/general/users');
  await page.getByRole('button', { name: 'Create User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create User' });
  await dialog.getByLabel('Email').fill('no.reports@example.com');
  await dialog.getByLabel('Password', { exact: true }).fill('fresh-pass1');
  await dialog.getByLabel('Confirm Password').fill('fresh-pass1');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  const row = page.getByTestId('user-row-no.reports@example.com');
  const analytics = row.getByRole('switch', { name: /Analytics/ });
  await analytics.click();
  await expect(analytics).toHaveAttribute('aria-checked', 'false');
  const link = await linkFromOutbox(page, 'no.reports@example.com');
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: /Email Verified/ })).toBeVisible();

  await logIn(page, 'no.reports@example.com', 'fresh-pass1');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Analyze' })).toHaveCount(0);
  // The panels still show; their links into Analyze do not.
  await expect(panel(page, 'Latest Reviews').getByRole('link', { name: 'View all' })).toHaveCount(0);
  for (const path of ['/analyze', '/analyze/overview', '/analyze/dispatching']) {
    await page.goto(path);
    await expect(page.getByText('The page you were looking for was not here!')).toBeVisible();
  }
});
