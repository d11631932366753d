import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { ownerAtAustin, saveShot } from './helpers';

const shot = (page: Page, name: string) => saveShot(page, `reviews-${name}`, { fullPage: true });

test.describe.configure({ timeout: 150_000 });


const table = (page: Page) => page.getByRole('table', { name: 'Reviews' });
const rows = (page: Page) => table(page).getByRole('row').filter({ has: page.getByRole('cell') });
/** Waits until the table shows the rows of its current filters (the previous page stays while they load). */
async function settled(page: Page) {
  await expect(table(page)).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
}

/** The total the table footer states ("1–10 of 57"). */
async function total(page: Page): Promise<number> {
  await settled(page);
  const text = await page.getByText(/^\d+–\d+ of \d+$/).textContent();
  return Number(text!.split(' of ')[1]);
}

async function openReviews(page: Page) {
  await page.goto('/analyze/reviews');
  await expect(page).toHaveURL(/\/analyze\/reviews\/customer-reviews$/);
  await expect(page.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  // A wider range than the default month, so every kind of review is on hand.
  await page.getByLabel('Date range').selectOption('Last 12 months');
  await expect(page).toHaveURL(/from=/);
  await settled(page);
  await expect(rows(page).first()).toBeVisible();
}

test("the owner filters the reviews by a topic and sees each review's topics as chips", async ({ page }) => {
  await ownerAtAustin(page);
  await openReviews(page);
  const all = await total(page);
  await page.getByLabel('Topic', { exact: true }).selectOption('Cleanliness');
  await expect(page).toHaveURL(/topic=cleanliness/);
  const some = await total(page);
  expect(some).toBeGreaterThan(0);
  expect(some).toBeLessThan(all);
  const shown = await rows(page).count();
  for (let i = 0; i < shown; i++) {
    await expect(rows(page).nth(i).getByRole('list', { name: 'Topics' }).getByRole('listitem').filter({ hasText: 'Cleanliness' })).toHaveCount(1);
  }
  await shot(page, 'topic');
  await page.getByRole('button', { name: 'Reset Filters' }).click();
  await expect(page).not.toHaveURL(/topic=/);
  await expect(page.getByLabel('Topic', { exact: true })).toHaveValue('');
});

test('the owner sees the real reviews, approves a positive one and finds it on the widget preview', async ({ page }) => {
  await ownerAtAustin(page);
  await openReviews(page);
  expect(await total(page)).toBeGreaterThan(10);
  await expect(page.getByRole('navigation', { name: 'Reviews pages' }).getByRole('button', { name: 'Last page' })).toBeVisible();
  await shot(page, 'table');

  // Positive and not approved yet.
  await page.getByLabel('Filter Approved').selectOption('Unapproved Reviews');
  await settled(page);
  await page.getByRole('group', { name: 'Sentiment' }).getByRole('button', { name: 'Positive' }).click();
  await settled(page);
  await expect(page).toHaveURL(/mood=positive/);
  // One with a written review (the widget shows only those).
  const row = rows(page).filter({ has: page.locator('p', { hasText: /\w{4,}/ }) }).filter({ hasNotText: 'No written review.' }).first();
  await expect(row).toBeVisible();
  const comment = (await row.locator('td').nth(2).locator('p').first().textContent())!.trim();
  expect(comment.length).toBeGreaterThan(5);
  // The widget shows the author as "Laura S.".
  const author = (await row.locator('dt', { hasText: /^Customer$/ }).locator('xpath=following-sibling::dd').textContent())!.trim();
  // The buttons name the review (source, customer and day), which tells it apart from others with the same words.
  const named = (await row.getByRole('button', { name: /^Approve: / }).getAttribute('aria-label'))!.replace(/^Approve: /, '');
  await row.getByRole('button', { name: /^Approve: / }).click();
  // It leaves the "unapproved" list; shown with all reviews it says Approved.
  await page.getByLabel('Filter Approved').selectOption('Approved Reviews');
  await settled(page);
  const approved = table(page).getByRole('button', { name: `Approved: ${named}`, exact: true });
  await expect(approved).toBeVisible();
  await expect(approved).toHaveAttribute('aria-pressed', 'true');

  // The review widget's preview page shows approved reviews (its data may be up to a minute old).
  const load = await page.request.get('/api/settings/dispatch/web-widget/load');
  const preview = new URL((await load.json()).data.widgetSetting.widgetUrl).pathname;
  await expect(async () => {
    await page.goto(preview);
    await page.locator('[data-kudo-widget-root] button.dot').click();
    await expect(page.getByText('Selected reviews')).toBeVisible();
    const item = page.locator('[data-kudo-widget-root] li.review').filter({ hasText: comment }).filter({ hasText: author.split(' ')[0]! });
    await expect(item.first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000, intervals: [5_000] });
  await shot(page, 'widget-preview');
});

test('only positive reviews can be approved; batch approve, archive, edit and add', async ({ page }) => {
  await ownerAtAustin(page);
  await openReviews(page);

  // A negative review that is not approved: Approval Denied!
  await page.getByLabel('Filter Approved').selectOption('Unapproved Reviews');
  await settled(page);
  await page.getByRole('group', { name: 'Sentiment' }).getByRole('button', { name: 'Negative' }).click();
  await settled(page);
  await rows(page).first().getByRole('button', { name: /^Approve: / }).click();
  const denied = page.getByRole('dialog', { name: 'Approval Denied!' });
  await expect(denied.getByText("This review is not a positive review! That's not a very good review to show everyone...")).toBeVisible();
  await shot(page, 'approval-denied');
  await denied.getByRole('button', { name: 'OK' }).click();
  await expect(denied).toBeHidden();

  // Reset Filters brings back every review of the last month.
  await page.getByRole('button', { name: 'Reset Filters' }).click();
  await expect(page).toHaveURL(/\/analyze\/reviews\/customer-reviews$/);
  await expect(page.getByLabel('Date range')).toHaveValue('Last month');
  await page.getByLabel('Date range').selectOption('Last 12 months');
  await settled(page);

  // Batch approve: two ticked reviews, "Approved X of 2 reviews.", ticks cleared.
  await expect(page.getByRole('button', { name: /^Approve Selected/ })).toBeHidden();
  await page.getByLabel('Filter Approved').selectOption('Unapproved Reviews');
  await settled(page);
  await expect(rows(page).nth(1)).toBeVisible();
  await rows(page).nth(0).getByRole('checkbox').check();
  await expect(page.getByRole('button', { name: /^Approve Selected/ })).toBeHidden();
  await rows(page).nth(1).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Approve Selected (2)' }).click();
  await expect(page.getByText(/^Approved [0-2] of 2 reviews\.$/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Approve Selected/ })).toBeHidden();
  await expect(table(page).getByRole('checkbox', { checked: true })).toHaveCount(0);

  // Archive asks first; Oops keeps it, Yes archives it; Show Archived finds it and Unarchive restores it.
  await page.getByLabel('Filter Approved').selectOption('All Reviews');
  await settled(page);
  // Known by its buttons' name (source, customer and day): demo reviews share words, and some have none.
  const first = rows(page).first();
  const named = (await first.getByRole('button', { name: /^Archive: / }).getAttribute('aria-label'))!.replace(/^Archive: /, '');
  const sameName = table(page).getByRole('button', { name: `Archive: ${named}`, exact: true });
  const before = await sameName.count();
  await first.getByRole('button', { name: /^Archive: / }).click();
  const confirm = page.getByRole('dialog', { name: 'Archive this review?' });
  await expect(confirm.getByText(/Archive only test or broken reviews/)).toBeVisible();
  await confirm.getByRole('button', { name: "Oops, don't archive" }).click();
  await expect(confirm).toBeHidden();
  await first.getByRole('button', { name: /^Archive: / }).click();
  await confirm.getByRole('button', { name: 'Yes, archive' }).click();
  await expect(confirm).toBeHidden();
  await expect(sameName).toHaveCount(before - 1);
  await page.getByRole('button', { name: 'Show Archived' }).click();
  const unarchive = table(page).getByRole('button', { name: `Unarchive: ${named}`, exact: true });
  await expect(rows(page).filter({ has: page.getByRole('button', { name: `Unarchive: ${named}`, exact: true }) }).getByText('Archived', { exact: true })).toBeVisible();
  await unarchive.click();
  await expect(unarchive).toHaveCount(0);
  await expect(sameName).toHaveCount(before);
  await page.getByRole('button', { name: 'Hide Archived' }).click();

  // Edit a pulseCheck answer's customer: the 50 states, the zip at most 9 characters.
  await page.getByLabel('Search reviews').fill('');
  const kudoRow = rows(page).filter({ has: page.getByRole('img', { name: /^(Positive|Neutral|Negative)$/ }) }).first();
  await kudoRow.getByRole('button', { name: /^Edit: / }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Review' });
  await expect(edit.getByLabel('Campaign')).toBeVisible();
  await expect(edit.getByLabel('State').locator('option')).toHaveCount(51);
  await expect(edit.getByLabel('Zipcode')).toHaveAttribute('maxlength', '9');
  await edit.getByLabel('City').fill('Round Rock');
  await edit.getByLabel('State').selectOption('TX');
  await edit.getByLabel('Zipcode').fill('78664');
  await shot(page, 'edit');
  await edit.getByRole('button', { name: 'Submit Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(rows(page).filter({ hasText: 'Round Rock' }).filter({ hasText: '78664' })).toHaveCount(1);

  // Add Review: every required field says what it needs; the approval follows the sentiment.
  await page.getByRole('button', { name: 'Add Review' }).click();
  const add = page.getByRole('dialog', { name: 'Add Review' });
  await add.getByRole('button', { name: 'Add Review' }).click();
  for (const message of ['Please select a source', 'Please select a sentiment', 'Please select a campaign', 'Please provide a comment']) {
    await expect(add.getByText(message)).toBeVisible();
  }
  await add.getByLabel('Date').fill('');
  await add.getByRole('button', { name: 'Add Review' }).click();
  await expect(add.getByText('Please provide a date')).toBeVisible();
  await expect(add.getByLabel('Approve Comment')).toBeDisabled();
  await add.getByLabel('Sentiment').selectOption('positive');
  await add.getByLabel('Approve Comment').check();
  await add.getByLabel('Sentiment').selectOption('neutral');
  await expect(add.getByLabel('Approve Comment')).not.toBeChecked();
  await expect(add.getByLabel('Approve Comment')).toBeDisabled();
  await add.getByLabel('Sentiment').selectOption('positive');
  await add.getByLabel('Approve Comment').check();
  await add.getByLabel('Source').selectOption('yelp');
  await add.getByLabel('Date').fill(new Date().toISOString().slice(0, 10));
  await add.getByLabel('Campaign').selectOption({ index: 1 });
  await add.getByLabel('Comment', { exact: true }).fill('Called us back the same day and fixed the leak under the sink.');
  await expect(add.getByLabel('Zipcode')).toHaveAttribute('maxlength', '5');
  await shot(page, 'add');
  await add.getByRole('button', { name: 'Add Review' }).click();
  await expect(add).toBeHidden();
  await page.getByLabel('Search reviews').fill('fixed the leak under the sink');
  const added = rows(page).filter({ hasText: 'Called us back the same day' });
  await expect(added).toHaveCount(1);
  await expect(added.getByRole('img', { name: 'Yelp' })).toBeVisible();
  await expect(added.getByRole('button', { name: /^Approved: / })).toBeVisible();
});

test('Export CSV downloads the filtered reviews in a file named by the date range', async ({ page }) => {
  await ownerAtAustin(page);
  await openReviews(page);
  const expected = await total(page);
  const from = new URL(page.url()).searchParams.get('from');
  // An end left at its default (today) stays out of the address.
  const to = new URL(page.url()).searchParams.get('to') ?? (await page.getByRole('textbox', { name: 'To', exact: true }).inputValue());
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`reviews_${from}_to_${to}.csv`);
  await expect(page.getByText(`Exported ${expected} rows`)).toBeVisible();
  const text = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const lines = text.trimEnd().split('\r\n');
  expect(lines[0]).toBe('Date,Source,Campaign,Department,Sentiment,Kudo Index,Rating,Comment,Audio,Customer,Customer Phone,Customer Email,Customer Address,City,State,Zipcode,Approved,Archived,Topics,Sentiment Score');
  // One line per review after the header (the demo's comments hold no line breaks).
  expect(lines.length - 1).toBe(expected);
  expect(lines.slice(1).every((l) => /^\d{4}-\d{2}-\d{2}T/.test(l))).toBe(true);
});
