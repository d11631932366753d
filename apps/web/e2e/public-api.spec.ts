import { API_KEY_MSG } from '@kudo/shared';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { ownerAtAustin, saveShot } from './helpers';

test('an owner creates an API key, a system sends a review request with it, and the send shows in Operate and the Dev outbox', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await ownerAtAustin(page);

  // Settings › Integrations opens on API keys.
  await page.goto('/settings/general');
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Integrations' }).click();
  await expect(page).toHaveURL(/\/settings\/integrations\/api-keys$/);
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
  await expectAccessible(page, 'API keys');

  await page.getByRole('button', { name: 'Create API key' }).first().click();
  const form = page.getByRole('dialog', { name: 'Create API key' });
  await form.getByRole('button', { name: 'Create key' }).click();
  await expect(form.getByText(API_KEY_MSG.name)).toBeVisible();
  await expect(form.getByText(API_KEY_MSG.scopes)).toBeVisible();
  await form.getByLabel('Name').fill('Journey Zap');
  await form.getByRole('checkbox', { name: /Send review requests/ }).check();
  await form.getByRole('checkbox', { name: /Read reviews/ }).check();
  await expectAccessible(page, 'Create API key');
  await form.getByRole('button', { name: 'Create key' }).click();

  // Shown once, with a Copy button.
  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  const key = await shown.getByLabel('API key “Journey Zap”').inputValue();
  expect(key).toMatch(/^kudo_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expect(shown.getByText('Copied to the clipboard.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(key);
  await expectAccessible(page, 'New API key');
  await saveShot(page, 'api-key-created');
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: 'Journey Zap' });
  await expect(row).toContainText(key.slice(0, 13));
  await expect(row).toContainText('review_requests:write');
  await expect(row).toContainText('Never');
  await expect(page.getByText(key)).toHaveCount(0);

  // An outside system calls the API with the copied key.
  const auth = { authorization: `Bearer ${copied}` };
  const campaigns = await request.get('/api/v1/campaigns', { headers: auth });
  expect(campaigns.status()).toBe(200);
  const campaign = ((await campaigns.json()) as { data: { uid: string; name: string }[] }).data[0]!;
  const sent = await request.post('/api/v1/review-requests', {
    headers: { ...auth, 'idempotency-key': 'journey-order-1' },
    data: { customer: { name: 'Jamie Journey', phone: '(512) 555-0987', email: 'jamie.journey@example.com' }, campaign_uid: campaign.uid, external_id: 'job-77' },
  });
  expect(sent.status()).toBe(201);
  const made = (await sent.json()) as { id: string; status: string };
  expect(made.status).toBe('sent');
  const read = await request.get(`/api/v1/review-requests/${made.id}`, { headers: auth });
  expect(((await read.json()) as { external_id: string }).external_id).toBe('job-77');

  // Operate › Activity shows it like any other send, by the key's name.
  await page.goto('/operate/dispatch');
  await page.getByRole('navigation', { name: 'Operate' }).getByRole('link', { name: 'Activity' }).click();
  await expect(page).toHaveURL(/\/operate\/activity$/);
  const activity = page.getByRole('table', { name: 'Sends' }).getByRole('row').filter({ hasText: 'Jamie Journey' });
  await expect(activity).toContainText('API key “Journey Zap”');
  await expect(activity).toContainText(campaign.name);
  await expect(activity).toContainText('SMS sent, Email sent');
  await expectAccessible(page, 'Operate activity');
  await saveShot(page, 'operate-activity', { fullPage: true });

  // The text and the email are in the Dev outbox.
  await page.goto('/dev/outbox');
  await expect(page.getByRole('article', { name: /to \+15125550987/ }).first()).toBeVisible();
  await expect(page.getByRole('article', { name: /to jamie\.journey@example\.com/ }).first()).toBeVisible();

  // The key shows when it was last used; the docs list the calls.
  await page.goto('/settings/integrations/api-keys');
  await expect(row).not.toContainText('Never');
  await page.getByRole('navigation', { name: 'Integrations settings' }).getByRole('link', { name: 'API docs' }).click();
  await expect(page).toHaveURL(/\/settings\/integrations\/api-docs$/);
  await expect(page.getByRole('heading', { name: 'POST /review-requests' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'OpenAPI document' })).toHaveAttribute('href', '/api/v1/openapi.json');
  await expectAccessible(page, 'API docs');
  await saveShot(page, 'api-docs', { fullPage: true });

  // Revoked, with a confirmation: the key is refused from then on.
  await page.getByRole('navigation', { name: 'Integrations settings' }).getByRole('link', { name: 'API keys' }).click();
  await row.getByRole('button', { name: 'Revoke Journey Zap' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke API key?' });
  await expectAccessible(page, 'Revoke API key');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toHaveCount(0);
  const refused = await request.get('/api/v1/campaigns', { headers: auth });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('key_revoked');
});
