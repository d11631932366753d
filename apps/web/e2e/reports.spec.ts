import { expect, test } from '@playwright/test';
import { logIn, ownerAtAustin } from './helpers';

test("'Send me a sample' emails the current user the report, charts inline, into the Dev outbox", async ({ page }) => {
  await logIn(page, 'admin@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings/general/reporting');
  await page.getByLabel('Sample report', { exact: true }).selectOption('monthly');
  await page.getByRole('button', { name: 'Send me a sample' }).click();
  await expect(page.getByText('A sample report is on its way to admin@kudo.test.')).toBeVisible();

  await page.goto('/dev/outbox');
  const mail = page.getByRole('article', { name: 'Email to admin@kudo.test' }).first();
  await expect(mail).toContainText(/Monthly report for Demo Plumbing Austin: /);
  await expect(mail.getByRole('list', { name: 'Attachments' })).toContainText('answers.png');
  // The chart is shown inside the email's HTML, from its content id.
  const frame = mail.locator('iframe');
  if (await frame.count()) {
    await expect(frame.contentFrame().getByRole('img', { name: /Answers per day/ })).toBeVisible();
  }
});

test('Reward Distributions lists the closed months with their report', async ({ page }) => {
  await ownerAtAustin(page);
  await page.goto('/analyze/employee-rewards');
  const table = page.getByRole('table', { name: 'Reward Distributions' });
  await expect(table.getByRole('columnheader', { name: 'Distribution Month' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Status' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Report' })).toBeVisible();
  await expect(table.getByText('Fulfilled', { exact: true }).first()).toBeVisible();
  const download = page.waitForEvent('download');
  await table.getByRole('link', { name: /^Download Report/ }).first().click();
  expect((await download).suggestedFilename()).toMatch(/^reward-distribution-\d{4}-\d{2}\.xlsx$/);

  // A pending month is marked fulfilled once paid out, and back to pending.
  const mark = table.getByRole('button', { name: /^Mark Fulfilled, / }).first();
  const month = (await mark.getAttribute('aria-label'))!.replace('Mark Fulfilled, ', '');
  const row = table.getByRole('row').filter({ hasText: month });
  await mark.click();
  await expect(row.getByText('Fulfilled', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Mark Pending, ${month}` }).click();
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Mark Fulfilled, ${month}` })).toBeVisible();
});
