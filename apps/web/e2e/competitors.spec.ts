import { expect, test, type Page } from '@playwright/test';
import { ownerAtAustin, saveShot } from './helpers';

const shot = (page: Page, name: string) => saveShot(page, `competitors-${name}`, { fullPage: true });


const board = (page: Page) => page.getByRole('table', { name: 'Competitor Leaderboard' });
const boardRows = (page: Page) => board(page).getByRole('row').filter({ has: page.getByRole('cell') });
const counter = (page: Page) => page.getByRole('dialog', { name: 'Manage Competitors' }).getByText(/^\d+ of \d+ competitors have been added$/);
const added = async (page: Page) => Number((await counter(page).textContent())!.split(' ')[0]);

test('the owner adds competitors by search and by placeId, sees them ranked, and removes one', async ({ page }) => {
  await ownerAtAustin(page);
  await page.goto('/analyze/comp-analysis');
  await expect(page.getByRole('heading', { name: 'Competitor Leaderboard', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Manage Competitors' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Manage Competitors' });
  await expect(counter(page)).toBeVisible();
  await expect(counter(page)).toHaveText(/ of 7 competitors have been added$/);
  const before = await added(page);

  // By search: a business near by, seen on the map (or its link when the map cannot load), then added.
  // The business itself cannot be its own competitor.
  const combo = dialog.getByRole('combobox', { name: 'Search for a competitor' });
  await combo.fill('Demo Plumbing Austin');
  await dialog.getByRole('option', { name: /^Demo Plumbing Austin/ }).click();
  await expect(dialog.getByText('This is your own business.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add Competitor' })).toHaveCount(0);
  const name = 'Riverside Plumbing & Drain';
  await combo.fill('Riverside');
  await dialog.getByRole('option', { name: new RegExp(`^${name}`) }).click();
  await expect(dialog.getByText(name, { exact: true }).first()).toBeVisible();
  await expect(dialog.getByRole('img', { name: `Map of ${name}` }).or(dialog.getByRole('link', { name: `Open ${name} in Google Maps` }))).toBeVisible();
  await shot(page, 'manage-search');
  await dialog.getByRole('button', { name: 'Add Competitor' }).click();
  await expect(page.getByText('Competitor added.')).toBeVisible();
  await expect(counter(page)).toHaveText(`${before + 1} of 7 competitors have been added`);
  await expect(dialog.getByRole('button', { name: `Remove ${name}` })).toBeVisible();

  // By placeId: a malformed id is refused in place, a real one is added.
  await dialog.getByRole('button', { name: "Can't find the location?" }).click();
  const placeId = dialog.getByLabel('Enter placeId');
  await placeId.fill('not a place id!');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Please provide a valid place id')).toBeVisible();
  const search = await page.request.get('/api/analytics/competitor-analysis/places/search?q=Hill%20Country');
  const other: { placeId: string; name: string } = (await search.json()).data.places[0];
  expect(other.name).toBe('Hill Country Pest Control');
  await placeId.fill(other.placeId);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(counter(page)).toHaveText(`${before + 2} of 7 competitors have been added`);
  await expect(dialog.getByRole('button', { name: `Remove ${other.name}` })).toBeVisible();
  await shot(page, 'manage');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The leaderboard: ranked by review count with ordinals, the business itself marked (You).
  await expect(boardRows(page).filter({ hasText: name })).toHaveCount(1);
  await expect(boardRows(page).filter({ hasText: other.name })).toHaveCount(1);
  await expect(boardRows(page).filter({ hasText: '(You)' })).toHaveCount(1);
  await expect(boardRows(page).first().getByRole('cell').first()).toHaveText('1st');
  const counts = async () => (await boardRows(page).locator('td:nth-child(3)').allTextContents()).map((t) => Number(t.replace(/\D/g, '')) || -1);
  const desc = await counts();
  expect(desc).toEqual([...desc].sort((a, b) => b - a));
  await expect(boardRows(page).first().getByRole('img', { name: /out of 5 stars/ })).toBeVisible();
  await shot(page, 'leaderboard');

  // Review Count sorts ascending, then descending again.
  const header = board(page).getByRole('columnheader', { name: 'Review Count' });
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  expect(await counts()).toEqual([...desc].reverse());
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');

  // Remove one.
  await page.getByRole('button', { name: 'Manage Competitors' }).first().click();
  await dialog.getByRole('button', { name: `Remove ${other.name}` }).click();
  await expect(page.getByText('Competitor removed.')).toBeVisible();
  await expect(counter(page)).toHaveText(`${before + 1} of 7 competitors have been added`);
  await page.keyboard.press('Escape');
  await expect(boardRows(page).filter({ hasText: other.name })).toHaveCount(0);
});

test('no competitors yet, and a failed load', async ({ page }) => {
  await ownerAtAustin(page);
  // What the screen shows for a location that follows nobody, and when the server cannot answer.
  await page.route('**/api/analytics/competitor-analysis/load', (route) =>
    route.fulfill({ json: { status: 1, data: { self: null, competitor_list: [], max_competitor: 7 } } }),
  );
  await page.goto('/analyze/comp-analysis');
  await expect(page.getByText('Add a competitor to get started!')).toBeVisible();
  await page.unroute('**/api/analytics/competitor-analysis/load');
  await page.route('**/api/analytics/competitor-analysis/load', (route) =>
    route.fulfill({ status: 503, json: { status: 0, message: 'Google services are temporarily unavailable. Please try again later.' } }),
  );
  await page.goto('/analyze/comp-analysis');
  const alert = page.getByRole('alert');
  await expect(alert.getByText("Can't Get Data!")).toBeVisible();
  await expect(alert.getByText('Google services are temporarily unavailable. Please try again later.')).toBeVisible();
  await shot(page, 'error');
});
