import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { ownerAtAustin, saveShot } from './helpers';

const shot = (page: Page, name: string) => saveShot(page, `leaderboard-${name}`, { fullPage: true });

/** The CSV lines of a file (RFC 4180 as the export writes it; the demo's values hold no commas or quotes). */
const csvLines = (text: string) => text.replace(/^\uFEFF/, '').trim().split('\r\n').map((line) => line.split(','));

test('the summary shows Company Overall first with real figures, weekly and monthly', async ({ page }) => {
  await ownerAtAustin(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Leaderboard' }).click();
  await page.getByRole('menuitem', { name: 'Summary' }).click();
  await expect(page).toHaveURL(/\/leaderboard\/summary$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Summary' })).toBeVisible();
  await expect(page.getByText('Rankings at a glance')).toBeVisible();
  const titles = page.locator('main section h2');
  await expect(titles.first()).toHaveText('Company Overall');
  await expect(page.getByText('Collecting Data')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Company Overall campaigns' }).getByRole('listitem').first()).toBeVisible();
  await shot(page, 'summary-weekly');

  const summary = page.waitForResponse((r) => r.url().endsWith('/api/analytics/reload/leaderboard') && r.request().postDataJSON().date_range === 'MONTHLY');
  await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'Monthly' }).click();
  const monthly = (await (await summary).json()).data;
  await expect(page).toHaveURL(/range=MONTHLY/);
  await expect(page.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(`${monthly.settings.from_date} to ${monthly.settings.to_date}`)).toBeVisible();
  await expect(titles).toHaveText(monthly.cards.map((c: { title: string }) => c.title));
  expect(monthly.cards.length).toBeGreaterThan(1);
  expect(monthly.cards[0].leaderboard_points.value).toBeGreaterThan(0);
  await shot(page, 'summary-monthly');
});

const TABS = [
  { tab: 'Departments', path: 'departments', rank: 'total_points', header: 'department_name,total_points,kudo_index,pulse_checks_count,pulse_check_points,review_leads,social_points,happy_count,neutral_count,unhappy_count', sortBy: 'Department' },
  { tab: 'Campaigns', path: 'campaigns', rank: 'total_points', header: 'campaign_uid,campaign_name,employee_id,department_name,total_points,kudo_index,bio_count,pulse_checks_count,review_leads,happy_count,neutral_count,unhappy_count', sortBy: 'Campaign' },
  { tab: 'Campaign Reviews', path: 'campaign-reviews', rank: null, header: 'campaignUid,campaignName,department,googleReviews,googleRating,facebookReviews,facebookRating', sortBy: 'Campaign' },
  { tab: 'Field-Ops Usage', path: 'fieldops-usage', rank: 'total', header: 'campaignUid,name,pcheck,bio,total', sortBy: 'Campaign' },
] as const;

test('each report tab sorts, searches, pages by 20 and exports its rows by points', async ({ page }) => {
  await ownerAtAustin(page);
  await page.goto('/leaderboard/reports');
  await expect(page).toHaveURL(/\/leaderboard\/reports\/departments$/);
  const tabs = page.getByRole('navigation', { name: 'Leaderboard reports' });
  for (const t of TABS) {
    await tabs.getByRole('link', { name: t.tab, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/leaderboard/reports/${t.path}$`));
    await expect(tabs.getByRole('link', { name: t.tab, exact: true })).toHaveAttribute('aria-current', 'page');
    const table = page.getByRole('table');
    await expect(table.locator('tbody tr').first()).toBeVisible();
    // The demo's social credit was confirmed on reviews older than four months.
    if (t.path === 'campaign-reviews') {
      await page.getByLabel('Date range').selectOption('Last 12 months');
      await expect(page).toHaveURL(/from=/);
    }
    await expect(page.getByLabel('Rows per page')).toHaveValue('20');
    await expect(page.getByLabel('From')).not.toHaveValue('');
    await expect(page.getByLabel('To')).not.toHaveValue('');
    await shot(page, t.path);

    // A repeated click on a header toggles the direction.
    const header = table.getByRole('columnheader', { name: t.sortBy, exact: true });
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${t.path}.csv`);
    const [head, ...rows] = csvLines(await readFile((await file.path())!, 'utf8'));
    expect(head!.join(',')).toBe(t.header);
    expect(rows.length).toBe(Number((await page.getByText(/ of \d+$/).textContent())!.match(/of (\d+)/)![1]));
    // Every empty value is N/A, and the rows come highest points first whatever the table's order.
    expect(rows.every((r) => r.every((v) => v !== ''))).toBe(true);
    const rankAt = t.rank ? head!.indexOf(t.rank) : -1;
    const ranks = rows.map((r) => (rankAt >= 0 ? Number(r[rankAt]) : Number(r[3]) + Number(r[5])));
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    expect(ranks[0]).toBeGreaterThan(0);
  }

  // Search narrows the rows; nothing found says so.
  await page.getByLabel('Search campaigns').fill('zzz-no-such-campaign');
  await expect(page.getByText('No data could be found!')).toBeVisible();

  // A department's link opens its campaigns only, and a reversed range is refused with the server's words.
  await tabs.getByRole('link', { name: 'Departments', exact: true }).click();
  await page.getByRole('table').getByRole('link', { name: 'Drains' }).click();
  await expect(page).toHaveURL(/\/leaderboard\/reports\/campaigns\?department=Drains/);
  await expect(page.getByText('Department: Drains')).toBeVisible();
  const departments = await page.getByRole('table').locator('tbody tr td:nth-child(4)').allTextContents();
  expect(new Set(departments)).toEqual(new Set(['Drains']));
  await page.goto('/leaderboard/reports/departments?from=2026-03-10&to=2026-03-01');
  await expect(page.getByText('Oops!')).toBeVisible();
  await expect(page.getByText('The from date must be on or before the to date.')).toBeVisible();
});

test('the projection tab opens the display, whose settings choose the period', async ({ page }) => {
  await ownerAtAustin(page);
  await page.goto('/leaderboard/reports/projection');
  await expect(page.getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute('target', '_blank');
  await page.getByRole('link', { name: 'Open the projection display' }).click();
  await expect(page).toHaveURL(/\/leaderboard-projection$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Weekly Leaderboard' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await page.getByText('Settings').click();
  await page.getByLabel('Date range').selectOption('MONTHLY');
  await expect(page.getByRole('heading', { level: 1, name: 'Monthly Leaderboard' })).toBeVisible();
  await expect(page).toHaveURL(/range=MONTHLY/);
  await page.getByRole('link', { name: 'Back to Analytics' }).click();
  await expect(page).toHaveURL(/\/analyze\/overview$/);
});

test('the projection display rotates its panels on the clock and refreshes in place', async ({ page }) => {
  await ownerAtAustin(page);
  // The page's clock stands still from here on and moves only when the test says.
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1_000);
  const loaded = page.waitForResponse((r) => r.url().endsWith('/api/analytics/projection/reload'));
  await page.goto('/leaderboard-projection?range=MONTHLY');
  const heading = page.getByRole('heading', { level: 1, name: 'Monthly Leaderboard' });
  // Let the page's own zero-delay timers run (its requests and their rendering) in steps of 10 ms until it shows.
  for (let i = 0; i < 300 && !(await heading.isVisible()); i++) {
    await page.clock.runFor(10);
    await page.waitForTimeout(50);
  }
  await expect(heading).toBeVisible();
  const data = (await (await loaded).json()).data.page_data.projection_data;

  const totals = page.getByRole('list', { name: 'Totals' });
  await expect(totals.getByRole('listitem')).toHaveText([/^Par\. Count/, /^Bios/, /^pulseChecks/, /^Happy.*%$/, /^Neutral.*%$/, /^Unhappy.*%$/]);
  await expect(totals.getByRole('listitem').first()).toHaveText(`Par. Count${data.account.totals.pulse_checks_participant_count.value}`);
  await shot(page, 'projection');

  // The demo has two departments, several ranked campaigns and approved comments: every panel rotates.
  expect(data.departments.length).toBeGreaterThan(1);
  expect(data.campaigns.length).toBeGreaterThan(1);
  expect(data.comments.length).toBeGreaterThan(1);
  const department = page.getByTestId('panel-department-leaderboard-slide');
  const best = page.getByTestId('panel-the-best-of-the-best-slide');
  const fans = page.getByTestId('panel-words-from-our-fans-slide');
  await expect(department).toContainText(`${data.departments[0].department_name} is ranked #1`);
  await expect(best).toContainText('#1');
  await expect(best).toContainText(data.campaigns[0].campaign.name);
  await expect(fans).toContainText(data.comments[0].text);

  // Comments: 10 s, then a 500 ms gap, then the next one.
  await page.clock.runFor(10_100);
  await expect(fans).toHaveClass(/hidden/);
  await expect(best).not.toHaveClass(/hidden/);
  await page.clock.runFor(500);
  await expect(fans).toContainText(data.comments[1].text);
  await expect(fans).not.toHaveClass(/hidden/);
  // Campaigns after 20.5 s, departments after 30.5 s.
  await expect(best).toContainText(data.campaigns[0].campaign.name);
  await page.clock.runFor(10_000);
  await expect(best).toContainText('#2');
  await expect(best).toContainText(data.campaigns[1].campaign.name);
  await expect(department).toContainText(`${data.departments[0].department_name} is ranked #1`);
  await page.clock.runFor(10_000);
  await expect(department).toContainText(`${data.departments[1].department_name} is ranked #2`);

  // A few minutes on, the figures are fetched again without a reload, and the rotation goes on.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/analytics/projection/reload'));
  await page.clock.runFor(3 * 60_000);
  await refreshed;
  await page.clock.runFor(100);
  await expect(heading).toBeVisible();
  await expect(department).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
