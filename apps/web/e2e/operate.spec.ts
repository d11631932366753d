import { expect, test } from '@playwright/test';
import { linkFromOutbox, logIn, saveShot } from './helpers';

test('contact card and communication consent from Operate', async ({ page }) => {
  await logIn(page, 'admin@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/operate/contact-card');
  await expect(page.getByRole('navigation', { name: 'Operate' })).toBeVisible();
  const send = page.getByRole('button', { name: 'Send Contact Card' });
  await expect(send).toBeDisabled();
  await page.getByLabel('Phone').fill('5125550860');
  await expect(page.getByText('This number can receive texts.')).toBeVisible();
  await page.getByLabel('Name (optional)').fill('Robin Vale');
  await send.click();
  await expect(page.getByText('Successfully sent a contact card to Robin Vale')).toBeVisible();
  await saveShot(page, 'operate-contact-card', { fullPage: true });
  await expect(page.getByText('Successfully sent a contact card to Robin Vale')).toBeHidden({ timeout: 8000 });
  const link = await linkFromOutbox(page, '+15125550860');
  expect(link).toMatch(/\/api\/public\/contact-card\/[\w-]+\.vcf$/);

  await page.goto('/operate/quick-actions');
  const dispatch = page.locator('details', { hasText: 'Dispatch consent' });
  await dispatch.getByRole('button', { name: 'Save Consent' }).click();
  await expect(dispatch.getByText('Please select an action')).toBeVisible();
  await dispatch.getByLabel('Phone').fill('5125550861');
  await dispatch.getByLabel('Opt-out for Bio/Pulse Check').check();
  await dispatch.getByRole('button', { name: 'Save Consent' }).click();
  await expect(page.getByText('Successfully opted out')).toBeVisible();

  const messaging = page.locator('details', { hasText: 'Messaging consent' });
  await messaging.getByRole('button', { name: 'Use Excel Spreadsheet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Messaging Homeowner Consent' });
  await dialog.getByLabel('Consent spreadsheet').setInputFiles({
    name: 'consent.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('First Name,Last Name,Phone Number\nAnn,Lee,5125550871\nBob,Ray,123\nCy,Fox,(512) 555-0873\n'),
  });
  await dialog.getByLabel('Opt-in').check();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('2/3 saved')).toBeVisible();
  await expect(dialog.getByRole('cell', { name: 'Error' })).toHaveCount(1);
  await saveShot(page, 'operate-consent-bulk');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await saveShot(page, 'operate-quick-actions', { fullPage: true });

  // The dispatch opt-out holds in the send path: Dispatch reports it under the phone.
  await page.goto('/operate/dispatch');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) }).first();
  await row.getByLabel('Phone').fill('5125550861');
  await expect(row.getByText('Cannot send text message. User opted out of text messaging.')).toBeVisible();
});
