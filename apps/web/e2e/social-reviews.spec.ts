import { expect, test, type Locator, type Page } from '@playwright/test';
import { ownerAtAustin, saveShot } from './helpers';

const shot = (page: Page, name: string) => saveShot(page, `social-${name}`, { fullPage: true });

test.describe.configure({ timeout: 120_000 });


const reviews = (page: Page) => page.getByRole('article', { name: /(Google|Facebook) review by / });

/** The place in the list of the first review holding `inner` (the review stays addressable once `inner` is gone). */
async function indexOf(page: Page, inner: Locator): Promise<number> {
  const count = await reviews(page).count();
  for (let i = 0; i < count; i++) if ((await reviews(page).nth(i).locator(inner).count()) > 0) return i;
  throw new Error('no review holds it');
}

/** Waits until the list shows the reviews of its current view (the previous page stays while they load). */
async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function showAll(page: Page) {
  await page.getByLabel('Show').selectOption('all');
  await settled(page);
  await expect(reviews(page).first()).toBeVisible();
}

async function openSocial(page: Page) {
  await page.goto('/analyze/reviews/social-reviews');
  await expect(page.getByRole('link', { name: 'Social Reviews' })).toHaveAttribute('aria-current', 'page');
  await expect(reviews(page).first()).toBeVisible();
}

test('the owner gives a review credit, sees the chip, and removes it again', async ({ page }) => {
  await ownerAtAustin(page);
  await openSocial(page);
  await shot(page, 'list');

  const first = reviews(page).first();
  // Known by its source, author and words together: the demo feed repeats each of them, not all three in a page.
  const article = (await first.getAttribute('aria-label'))!;
  const text = (await first.locator('p').first().textContent())!.trim();
  const thisReview = page.getByRole('article', { name: article, exact: true }).filter({ hasText: text });
  await first.getByRole('button', { name: /^Give (Additional )?Credit for / }).click();
  const search = page.getByRole('searchbox', { name: 'Search Campaigns' });
  await search.fill('no such technician at all');
  await expect(page.getByText('no campaigns available')).toBeVisible();
  await search.fill('');
  const campaign = page.getByRole('list', { name: 'Campaigns' }).getByRole('button').first();
  const name = (await campaign.textContent())!.trim();
  await campaign.click();

  // Credited by a person: the review leaves "needing credit" and shows its chip among all reviews.
  await expect(thisReview).toHaveCount(0);
  await showAll(page);
  const credited = thisReview;
  const chip = credited.getByRole('button', { name: `${name}, credited. Change` });
  await expect(chip).toBeVisible();
  await expect(credited.getByRole('button', { name: /^Give Additional Credit for / })).toBeVisible();
  await shot(page, 'credited');
  await chip.click();
  await expect(page.getByText(`Credits ${name}. Remove Credit?`)).toBeVisible();
  await page.getByRole('button', { name: 'Remove Credit' }).click();
  await expect(chip).toBeHidden();
});

test('suggested credit is confirmed or removed, and pages go back and forth', async ({ page }) => {
  await ownerAtAustin(page);
  await openSocial(page);
  await showAll(page);
  // Find a suggestion (a technician named in the review, or a customer of theirs) on one of the pages.
  const confirm = page.getByRole('button', { name: /^Confirm credit for .*\?$/ });
  const next = page.getByRole('navigation', { name: 'Social review pages' }).getByRole('button', { name: 'Next' });
  let pages = 1;
  while ((await confirm.count()) === 0 && (await next.isEnabled())) {
    const firstText = await reviews(page).first().textContent();
    await next.click();
    await expect(reviews(page).first()).not.toHaveText(firstText!);
    await settled(page);
    pages++;
  }
  await expect(confirm.first()).toBeVisible();
  const label = (await confirm.first().getAttribute('aria-label'))!;
  const name = label.replace(/^Confirm credit for /, '').replace(/\?$/, '');
  const review = reviews(page).nth(await indexOf(page, page.getByRole('button', { name: label, exact: true })));
  await review.getByRole('button', { name: label, exact: true }).click();
  await expect(review.getByRole('button', { name: `${name}, credited. Change` })).toBeVisible();
  await shot(page, 'confirmed');

  if (pages > 1) {
    await page.getByRole('navigation', { name: 'Social review pages' }).getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByRole('navigation', { name: 'Social review pages' }).getByRole('button', { name: 'Next' })).toBeEnabled();
  }
});

test('reply to a Google review in place, then delete the reply', async ({ page }) => {
  await ownerAtAustin(page);
  await openSocial(page);
  await showAll(page);
  const google = reviews(page).nth(await indexOf(page, page.getByRole('button', { name: /^Reply to / })));
  await expect(google).toBeVisible();
  const author = (await google.getAttribute('aria-label'))!.replace(/^Google review by /, '');
  await google.getByRole('button', { name: `Reply to ${author}` }).click();
  const box = google.getByLabel(`Your reply to ${author}`);
  await google.getByRole('button', { name: 'Post Reply' }).click();
  await expect(google.getByText('Please write a reply')).toBeVisible();
  await box.fill('Thank you for choosing us! We are glad the job went well.');
  await google.getByRole('button', { name: 'Post Reply' }).click();
  await expect(google.getByText('Thank you for choosing us! We are glad the job went well.')).toBeVisible();
  await expect(google.getByRole('link', { name: /Reply on Google/ })).toHaveAttribute('target', '_blank');
  await shot(page, 'reply');
  await google.getByRole('button', { name: `Delete your reply to ${author}` }).click();
  await page.getByRole('dialog', { name: 'Delete your reply?' }).getByRole('button', { name: 'Delete Reply' }).click();
  await expect(google.getByText('Thank you for choosing us! We are glad the job went well.')).toBeHidden();
  await expect(google.getByRole('button', { name: `Reply to ${author}` })).toBeVisible();
});

test('Export to Excel checks the report form and sends it', async ({ page }) => {
  await ownerAtAustin(page);
  await openSocial(page);
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Social Reviews Report' });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Please provide at least one recipient')).toBeVisible();
  const recipient = dialog.getByLabel('Recipient email');
  await recipient.fill('not-an-email');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText('Please provide a valid email')).toBeVisible();
  for (const email of ['one@kudo.test', 'two@kudo.test', 'three@kudo.test']) {
    await recipient.fill(email);
    await recipient.press('Enter');
  }
  await expect(dialog.getByRole('list', { name: 'Recipients' }).getByRole('listitem')).toHaveCount(3);
  await expect(recipient).toBeDisabled();
  await expect(dialog.getByText('Max number of recipients has been reached')).toBeVisible();
  await dialog.getByLabel('From Date').fill('');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Please provide a valid from date')).toBeVisible();
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel('From Date').fill(monthAgo);
  await dialog.getByRole('button', { name: 'Remove three@kudo.test' }).click();
  await expect(recipient).toBeEnabled();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const done = dialog.getByRole('status').filter({ hasText: /report/i });
  await expect(done).toBeVisible();
  await shot(page, 'report');
  // The message goes after five seconds.
  await expect(done).toBeHidden({ timeout: 8_000 });
});

test('a failed load offers Connect Google; a failed credit shows an Error dialog', async ({ page }) => {
  await ownerAtAustin(page);
  await page.route('**/api/analytics/social-media-reviews/add_attribution', (route) =>
    route.fulfill({ status: 400, json: { status: 0, message: 'That review was not found.' } }),
  );
  await openSocial(page);
  await reviews(page).first().getByRole('button', { name: /^Give (Additional )?Credit for / }).click();
  await page.getByRole('list', { name: 'Campaigns' }).getByRole('button').first().click();
  const error = page.getByRole('dialog', { name: 'Error' });
  await expect(error.getByText('That review was not found.')).toBeVisible();
  await error.getByRole('button', { name: 'OK' }).click();

  await page.route('**/api/analytics/social-media-reviews/load', (route) =>
    route.fulfill({ status: 409, json: { status: 0, message: 'Connect Google or Facebook to see your social reviews here.' } }),
  );
  await page.reload();
  await expect(page.getByText('Connect Google or Facebook to see your social reviews here.')).toBeVisible();
  const connect = page.getByRole('link', { name: 'Connect Google' });
  await expect(connect).toHaveAttribute('href', '/settings/general/connect-social-media');
  await shot(page, 'load-error');
});
