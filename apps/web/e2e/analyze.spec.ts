import { expect, test, type Page } from '@playwright/test';
import { logIn, saveShot } from './helpers';

const shot = (page: Page, name: string) => saveShot(page, `analyze-${name}`, { fullPage: true });

/** A card of the screen, found by its title. */
const card = (page: Page, title: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function asAustinOwner(page: Page) {
  await logIn(page, 'owner@kudo.test');
  await expect(page).toHaveURL(/\/select-location$/);
  await page.getByRole('button', { name: /Demo Plumbing Austin/ }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('the demo owner reads ratings growth and switches platform and period', async ({ page }) => {
  await asAustinOwner(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Analyze' }).click();
  await page.getByRole('menuitem', { name: 'Overview' }).click();
  await expect(page).toHaveURL(/\/analyze\/overview$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews & Ratings Growth' })).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Analyze' });
  await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Dispatching' })).toBeVisible();

  // Real figures, not the collecting-data notice.
  await expect(page.getByText('Collecting Data')).toHaveCount(0);
  const reviews = card(page, 'Reviews');
  await expect(reviews.getByText(/total reviews/)).toBeVisible();
  await expect(reviews.getByText(/since joining/).first()).toBeVisible();
  const ratings = card(page, 'Ratings');
  await expect(ratings.getByRole('progressbar', { name: 'Google rating out of 5' })).toBeVisible();

  const chart = page.getByRole('figure');
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  const googleYear = await chart.locator('figcaption').textContent();
  await shot(page, 'overview');

  await page.getByRole('group', { name: /source/ }).getByRole('button', { name: 'Facebook' }).click();
  await expect(page).toHaveURL(/source=facebook/);
  await expect(page.getByRole('heading', { name: 'Facebook reviews and rating' })).toBeVisible();
  await expect(chart.locator('figcaption')).not.toHaveText(googleYear ?? '');

  await page.getByRole('group', { name: /range/ }).getByRole('button', { name: 'All Time' }).click();
  await expect(page.getByRole('group', { name: /range/ }).getByRole('button', { name: 'All Time' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/range=all/);
  await shot(page, 'overview-facebook-all');
});

test('dispatching shows the range figures and refuses a range over 6 months', async ({ page }) => {
  await asAustinOwner(page);
  await page.goto('/analyze/dispatching');
  await expect(page.getByRole('heading', { level: 1, name: 'Dispatching' })).toBeVisible();
  await page.getByLabel('Date range').selectOption('Last 6 months');

  const engagement = card(page, 'Customer Engagement');
  const participants = engagement.getByRole('row', { name: /pulseCheck Participant Count/ });
  await expect(participants.getByRole('cell')).not.toHaveText('0');
  await expect(engagement.getByRole('button', { name: 'About pulseCheck Participant Count' })).toHaveAccessibleDescription(
    'Number of pulseChecks submitted',
  );
  await expect(engagement.getByRole('row', { name: /Kudo Index/ }).getByRole('cell')).toHaveText(/^\d+(\.\d)?$/);
  await expect(card(page, 'Ratings').getByRole('img', { name: /out of 5 stars/ })).toHaveCount(3);
  const sentiment = card(page, 'Customer Sentiment');
  await expect(sentiment.getByRole('row', { name: /Happy Customer Count/ }).getByRole('cell')).toHaveText(/^\d+\.\d{2}%$/);
  await expect(card(page, 'Bios').locator('.recharts-area').first()).toBeVisible();
  await expect(card(page, 'pulseChecks').locator('.recharts-area').first()).toBeVisible();
  await expect(card(page, 'Contact Card').getByText('Contact cards sent')).toBeVisible();
  await shot(page, 'dispatching');

  await page.getByLabel('From').fill('2025-01-01');
  await expect(page.getByText('We ran into an Error')).toBeVisible();
  await expect(page.getByText('The date range may be at most 6 months. Please choose a shorter range.')).toBeVisible();
  await shot(page, 'dispatching-too-long');
});
