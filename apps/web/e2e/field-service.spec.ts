import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { logIn, saveShot } from './helpers';

test('a test job from Settings › Integrations becomes a review request in the jobs list and the outbox', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, 'admin@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);

  // Rules: on, no wait, text and email.
  await page.goto('/settings/integrations/automatic-requests');
  await expect(page.getByRole('heading', { name: 'Automatic requests', level: 1 })).toBeVisible();
  const rules = page.getByRole('form', { name: 'Automatic request rules' });
  await rules.getByRole('switch', { name: 'Send review requests automatically after a job' }).click();
  await rules.getByLabel('Wait after the job (minutes)').fill('0');
  await rules.getByLabel('Channel').selectOption('both');
  await expectAccessible(page, 'automatic requests');
  await rules.getByRole('button', { name: 'Save rules' }).click();
  await expect(page.getByText('Rules saved.')).toBeVisible();

  // The connectors, the job webhook, and an empty jobs list.
  await page.goto('/settings/integrations/field-service');
  await expect(page.getByRole('heading', { name: 'Field service', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Jobber' })).toContainText('Not connected');
  await expect(page.getByRole('textbox', { name: 'Job webhook address' })).toHaveValue(/\/api\/integrations\/jobs\/job_/);
  await expect(page.getByText('No jobs yet')).toBeVisible();
  await expectAccessible(page, 'field service, empty');

  await page.getByRole('button', { name: 'Test job' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a test job' });
  await dialog.getByLabel('Customer name').fill('Fiona Field');
  await dialog.getByLabel('Customer phone').fill('(512) 555-0188');
  await dialog.getByLabel('Customer email').fill('fiona.field@example.com');
  await expectAccessible(page, 'test job');
  await dialog.getByRole('button', { name: 'Send test job' }).click();
  await expect(dialog).toBeHidden();

  // Handled on the worker: the list shows the request once it went.
  const row = page.getByRole('table', { name: 'Jobs received' }).getByRole('row').filter({ hasText: 'Fiona Field' });
  await expect(row).toContainText('Test job');
  await expect(row).toContainText('Sent', { timeout: 30_000 });
  await saveShot(page, 'field-service-jobs');
  await expectAccessible(page, 'field service, a job');

  await page.goto('/dev/outbox');
  await expect(page.getByRole('article', { name: /to \+15125550188/ }).first()).toBeVisible();
  await expect(page.getByRole('article', { name: /to fiona\.field@example\.com/ }).first()).toBeVisible();
});
