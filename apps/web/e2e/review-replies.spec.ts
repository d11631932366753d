import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { ownerAtAustin, saveShot } from './helpers';

const shot = (page: Page, name: string) => saveShot(page, `replies-${name}`, { fullPage: true });

test.describe.configure({ timeout: 120_000 });

const reviews = (page: Page) => page.getByRole('article', { name: /(Google|Facebook) review by / });

test('the owner sets the reply voice, drafts a reply to a Google review, edits it and posts it; the list shows it with who posted it', async ({ page }) => {
  await ownerAtAustin(page);

  // Settings › Reviews › Reply voice: a tone and a sign-off, which the samples follow at once.
  await page.goto('/settings/reviews/reply-voice');
  await expect(page.getByRole('heading', { level: 1, name: 'Reply voice' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Auto-reply' })).toBeVisible();
  await page.getByLabel('Sign-off').fill('Call 512-555-0100');
  await page.getByRole('button', { name: 'Save voice' }).click();
  await expect(page.getByText('The sign-off may not contain a phone number or email address.')).toBeVisible();
  await page.getByLabel('Tone').selectOption('professional');
  await page.getByLabel('Sign-off').fill('Olivia and the Demo Plumbing crew');
  await page.getByRole('button', { name: 'Save voice' }).click();
  await expect(page.getByText('Reply voice saved.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: '5 stars' }).getByText('Olivia and the Demo Plumbing crew')).toBeVisible();
  await expectAccessible(page, 'reply voice');
  await shot(page, 'voice');

  // Analyze › Social Reviews: a Google review without a reply gets its draft.
  await page.goto('/analyze/reviews/social-reviews');
  await page.getByLabel('Show').selectOption('all');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const google = reviews(page).filter({ has: page.getByRole('button', { name: /^Draft reply for / }) }).filter({ has: page.getByRole('button', { name: /^Reply to / }) }).first();
  await expect(google).toBeVisible();
  const author = (await google.getAttribute('aria-label'))!.replace(/^Google review by /, '');
  const text = (await google.locator('p').first().textContent())!.trim();
  // Addressed by its author and words together: the demo feed repeats each of them, not both on one page.
  const thisReview = page.getByRole('article', { name: `Google review by ${author}`, exact: true }).filter({ hasText: text });
  await thisReview.getByRole('button', { name: `Draft reply for ${author}` }).click();
  const box = thisReview.getByLabel(`Your reply to ${author}`);
  await expect(box).toBeVisible();
  const draft = await box.inputValue();
  expect(draft).toContain(author.split(' ')[0]!);
  expect(draft.endsWith('Olivia and the Demo Plumbing crew')).toBe(true);
  expect(draft).not.toMatch(/discount|coupon|refund|change your rating|\d{3}-\d{4}/i);
  await expect(thisReview.getByText(/Draft by Kudo in your professional voice/)).toBeVisible();
  await expectAccessible(page, 'social review with its draft');
  await shot(page, 'draft');

  // Edited before posting: emptied it is refused, then the owner's words go out.
  await box.fill('   ');
  await thisReview.getByRole('button', { name: 'Post reply' }).click();
  await expect(thisReview.getByText('Please write a reply.')).toBeVisible();
  await thisReview.getByRole('button', { name: 'Back to the draft' }).click();
  await expect(box).toHaveValue(draft);
  const edited = draft.replace('\n\nOlivia and the Demo Plumbing crew', ' We hope to see you again.\n\nOlivia and the Demo Plumbing crew');
  await box.fill(edited);
  await thisReview.getByRole('button', { name: 'Post reply' }).click();
  await expect(thisReview.getByText('We hope to see you again.', { exact: false })).toBeVisible();
  await expect(thisReview.getByText('Posted by Olivia Owens')).toBeVisible();
  await expect(thisReview.getByRole('button', { name: `Edit your reply to ${author}` })).toBeVisible();
  await shot(page, 'posted');

  // Listed again from the server (a reload): the reply and who posted it stay.
  await page.reload();
  await page.getByLabel('Show').selectOption('all');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  let listed = thisReview;
  const next = page.getByRole('navigation', { name: 'Social review pages' }).getByRole('button', { name: 'Next' });
  while ((await listed.count()) === 0 && (await next.isEnabled())) {
    await next.click();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    listed = thisReview;
  }
  await expect(listed.getByText('Posted by Olivia Owens')).toBeVisible();
  await expect(listed.getByText('We hope to see you again.', { exact: false })).toBeVisible();

  // The voice goes back to the demo's for the other journeys.
  await page.goto('/settings/reviews/reply-voice');
  await page.getByLabel('Tone').selectOption('friendly');
  await page.getByLabel('Sign-off').fill('');
  await page.getByRole('button', { name: 'Save voice' }).click();
  await expect(page.getByText('Reply voice saved.')).toBeVisible();
});

test('a Kudo review approved for the bio page gets its reply from the Reviews table', async ({ page }) => {
  await ownerAtAustin(page);
  await page.goto('/analyze/reviews/customer-reviews');
  const table = page.getByRole('table', { name: 'Reviews' });
  await page.getByLabel('Date range').selectOption('Last 12 months');
  await page.getByLabel('Filter Approved').selectOption('approved');
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  const reply = table.getByRole('button', { name: /^Reply: Kudo review by / }).first();
  await expect(reply).toBeVisible();
  await reply.click();
  const dialog = page.getByRole('dialog', { name: /^Reply to / });
  const box = dialog.getByLabel(/^Your reply to /);
  await expect(box).toBeVisible();
  await expect(dialog.getByText(/under the review on the bio page/)).toBeVisible();
  await expectAccessible(page, 'reply dialog of a bio review');
  const words = `Thank you for the kind words! (${Date.now()})`;
  await box.fill(words);
  await dialog.getByRole('button', { name: 'Post reply' }).click();
  await expect(page.getByText('Your reply is posted on the bio page.')).toBeVisible();
  await expect(dialog.getByText('Posted by Olivia Owens')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Replace reply' })).toBeVisible();
  await shot(page, 'bio-reply');
});

test('auto-reply rules: at most ten, each checked, listed with their activity', async ({ page }) => {
  await ownerAtAustin(page);
  await page.goto('/settings/reviews/auto-reply');
  await expect(page.getByRole('heading', { level: 1, name: 'Auto-reply' })).toBeVisible();
  await expect(page.getByText('No reply rules yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add rule' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add reply rule' });
  await dialog.getByLabel('Template').fill('Thanks {name}! Enjoy 10% off next time.');
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(dialog.getByText('Give the rule a name of 1 to 80 characters.')).toBeVisible();
  await expect(dialog.getByText(/\{name\} is not a placeholder/)).toBeVisible();
  await expectAccessible(page, 'add reply rule dialog with errors');
  await dialog.getByLabel('Rule name').fill('Five-star thanks');
  await dialog.getByLabel('Template').fill('Thank you, {first_name}! {technician} will be glad to hear it.\n\n{sign_off}');
  await dialog.getByLabel('Reply after').selectOption('60');
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(dialog).toBeHidden();
  const rules = page.getByRole('table', { name: 'Reply rules' });
  await expect(rules.getByRole('row', { name: /Five-star thanks/ })).toContainText('1 hour');
  await expect(rules.getByRole('row', { name: /Five-star thanks/ })).toContainText('Google, 5 stars with text');
  await expect(page.getByRole('table', { name: 'Recent automatic replies' }).or(page.getByText('No automatic replies yet'))).toBeVisible();
  await expectAccessible(page, 'auto-reply rules');
  await shot(page, 'rules');

  await rules.getByRole('button', { name: 'Delete Five-star thanks' }).click();
  await page.getByRole('alertdialog', { name: 'Delete this rule?' }).or(page.getByRole('dialog', { name: 'Delete this rule?' })).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No reply rules yet')).toBeVisible();
});
