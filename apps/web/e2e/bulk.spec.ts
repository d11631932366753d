import { expect, test } from '@playwright/test';
import { logIn, saveShot } from './helpers';

test('a 50-row spreadsheet is sent row by row, the two bad rows show their errors, and a reload keeps the progress', async ({ page }) => {
  const lines = ['First Name,Last Name,Address,Phone Number,Email'];
  for (let i = 0; i < 50; i++) {
    const phone = i === 7 ? '51255' : `512555${String(1000 + i)}`;
    const email = i === 31 ? 'not-an-email' : '';
    lines.push(`Cust${i},Omer,${i} Main St,${phone},${email}`);
  }
  await logIn(page, 'admin@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/operate/dispatch');
  await page.getByRole('button', { name: 'Send to Multiple Customers' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send to Multiple Customers' });
  await dialog.getByRole('button', { name: 'Send Pulse Check' }).click();
  await expect(dialog.getByText('Please provide a valid file')).toBeVisible();
  await dialog.getByLabel('Spreadsheet (.xls, .xlsx or .csv)').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
  await dialog.getByRole('button', { name: 'Send Pulse Check' }).click();
  await expect(dialog.getByText('Please select a campaign')).toBeVisible();
  await dialog.getByLabel('Campaign').selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Send Pulse Check' }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Sent' })).toBeVisible();

  // The sending runs on the server: a reload opens the same job again.
  await page.reload();
  await expect(dialog.getByRole('progressbar', { name: 'Sent' })).toBeVisible();
  await expect(dialog.getByText(/48\/50 sent/)).toBeVisible({ timeout: 30_000 });
  const invalid = dialog.getByRole('row').filter({ hasText: 'Invalid Phone or Email' });
  await expect(invalid).toHaveCount(2);
  await expect(invalid.first()).toContainText('Cust7 Omer');
  await expect(invalid.last()).toContainText('Cust31 Omer');
  await expect(dialog.getByRole('cell', { name: 'Success' })).toHaveCount(48);
  await saveShot(page, 'operate-bulk');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await saveShot(page, 'operate-dispatch', { fullPage: true });
});
