import { expect, test, type Page } from '@playwright/test';
import { oldEmptyMonth, ownerAtAustin, saveShot } from './helpers';

const card = (page: Page, title: string) => page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test('the demo owner reads what reviews talk about and opens a quote on the reviews of its topic', async ({ page }) => {
  await ownerAtAustin(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Analyze' }).click();
  await page.getByRole('menuitem', { name: 'Insights' }).click();
  await expect(page).toHaveURL(/\/analyze\/insights$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Analyze' }).getByRole('link', { name: 'Insights' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByLabel('Date range')).toHaveValue('Last 12 months');

  // Real figures from the demo's reviews, not the empty state.
  await expect(page.getByText('No topics in this range yet')).toHaveCount(0);
  const topics = card(page, 'Topics by mentions');
  await expect(topics.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(topics.locator('figcaption tbody tr')).not.toHaveCount(0);
  const trend = card(page, 'Mentions per month');
  await expect(trend.locator('.recharts-line').first()).toBeVisible();
  await expect(trend.locator('figcaption tbody tr')).toHaveCount(13);
  const technicians = card(page, 'Technicians');
  await expect(technicians.getByRole('row')).not.toHaveCount(1);
  await expect(technicians.getByRole('cell', { name: /net \+/ }).first()).toBeVisible();

  // The technician filter keeps to one technician's reviews.
  const technician = page.getByLabel('Technician');
  const first = (await technicians.getByRole('rowheader').first().textContent()) ?? '';
  await technician.selectOption({ label: first });
  await expect(page).toHaveURL(/campaign=/);
  await expect(technicians.getByRole('rowheader')).toHaveText([first]);
  await technician.selectOption({ label: 'All Technicians' });
  await expect(page).not.toHaveURL(/campaign=/);
  await expect(technicians.getByRole('rowheader')).not.toHaveCount(1);

  const quotes = card(page, 'What customers say');
  const topic = quotes.getByRole('listitem').first();
  const topicName = (await topic.getByRole('heading', { level: 3 }).textContent()) ?? '';
  await expect(topic.getByText(/mentions · \d+% praised · \d+% blamed/)).toBeVisible();
  await saveShot(page, 'insights', { fullPage: true });

  // A quote opens the reviews screen filtered by its topic, over the same range.
  const quote = topic.getByRole('blockquote').first().getByRole('link');
  const excerpt = ((await quote.textContent()) ?? '').replace(/^“|”$/g, '').replace(/…$/, '');
  await quote.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/analyze/reviews/customer-reviews\\?from=\\d{4}-\\d\\d-\\d\\d&to=\\d{4}-\\d\\d-\\d\\d&topic=${topicName.toLowerCase()}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  await expect(page.getByLabel('Topic', { exact: true })).toHaveValue(topicName.toLowerCase());
  await expect(page.getByText(excerpt.slice(0, 40)).first()).toBeVisible();
  await saveShot(page, 'insights-quote-reviews', { fullPage: true });
});

test('a range without reviews shows the empty state, and a range too old says why', async ({ page }) => {
  await ownerAtAustin(page);
  await page.goto(`/analyze/insights?${oldEmptyMonth()}`);
  await expect(page.getByText('No topics in this range yet')).toBeVisible();
  await page.goto('/analyze/insights?from=2001-01-01&to=2001-01-31');
  await expect(page.getByText('We ran into an Error')).toBeVisible();
  await expect(page.getByText(/The date range may start at .* at the earliest/)).toBeVisible();
});
