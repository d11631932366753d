import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { logIn } from './helpers';

const SHOTS = '/tmp/shots-inbox';
const AUSTIN_NUMBER = '+15125550100';

/** A customer texts Austin, through the local SMS provider's inbound path (as the Dev outbox does). */
async function customerTexts(page: Page, from: string, body: string) {
  const cookies = await page.context().cookies();
  const csrf = cookies.find((c) => c.name === 'kudo_csrf')?.value ?? '';
  const res = await page.request.post('/api/dev/outbox/reply', { data: { from, to: AUSTIN_NUMBER, body }, headers: { 'x-csrf-token': csrf } });
  expect(res.status()).toBe(200);
}

async function openInbox(page: Page, email: string) {
  await logIn(page, email);
  if (email === 'owner@kudo.test') await page.getByRole('button', { name: /Demo Plumbing Austin/ }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/message');
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
}

const row = (page: Page, text: string | RegExp) => page.getByRole('list', { name: 'Conversation list' }).getByRole('button', { name: text });
const unreadLine = (page: Page) => page.getByText(/\d+ unread message\(s\)/);

test('two users share the inbox live: an inbound text shows in both, one answers, the other sees it', async ({ browser }) => {
  test.setTimeout(150_000);
  const ownerContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const admin = await adminContext.newPage();
  await openInbox(owner, 'owner@kudo.test');
  await openInbox(admin, 'admin@kudo.test');
  await owner.screenshot({ path: `${SHOTS}/inbox.png`, fullPage: true });
  await expectAccessible(owner, 'inbox');

  const ownerUnread = Number((await unreadLine(owner).textContent())!.match(/\d+/)![0]);
  const adminUnread = Number((await unreadLine(admin).textContent())!.match(/\d+/)![0]);
  // The seeded data has a conversation the owner read and the admin did not.
  expect(adminUnread).toBeGreaterThan(ownerUnread);

  // A customer texts: both tabs show it live (the stream), without a reload.
  await customerTexts(owner, '+15125559001', 'Hi, the kitchen faucet is dripping again.');
  await expect(row(owner, /\(512\) 555-9001/)).toBeVisible({ timeout: 2500 });
  await expect(row(admin, /\(512\) 555-9001/)).toBeVisible({ timeout: 2500 });
  await expect(unreadLine(admin)).toHaveText(`${adminUnread + 1} unread message(s)`);

  // The admin reads and answers it with Ctrl+Enter; the owner still has it unread, then sees the answer.
  await row(admin, /\(512\) 555-9001/).click();
  await expect(admin.getByRole('region', { name: 'Messages' }).getByText('Hi, the kitchen faucet is dripping again.')).toBeVisible();
  await expect(unreadLine(admin)).toHaveText(`${adminUnread} unread message(s)`);
  await expect(unreadLine(owner)).toHaveText(`${ownerUnread + 1} unread message(s)`);
  const box = admin.getByRole('textbox', { name: 'Message' });
  await box.fill('We can come by tomorrow at 10.');
  await expect(admin.getByText('30 out of 140 characters')).toBeVisible();
  await box.press('Control+Enter');
  await expect(admin.getByRole('region', { name: 'Messages' }).getByText('We can come by tomorrow at 10.')).toBeVisible();
  // The owner opens it and sees the answer in the thread, outbound on the right.
  await row(owner, /\(512\) 555-9001/).click();
  await expect(owner.getByRole('region', { name: 'Messages' }).getByText('We can come by tomorrow at 10.')).toBeVisible();
  await owner.screenshot({ path: `${SHOTS}/inbox-thread.png`, fullPage: true });

  // Arrow keys move between conversations.
  const before = await owner.locator('[aria-current="true"]').getAttribute('data-id');
  await owner.locator('[aria-current="true"]').press('ArrowDown');
  await expect(owner.locator('[aria-current="true"]')).not.toHaveAttribute('data-id', before!);

  await ownerContext.close();
  await adminContext.close();
});

test('templates with placeholders, the 140 and 300 warnings, and the export', async ({ page }) => {
  await openInbox(page, 'admin@kudo.test');
  await page.getByRole('list', { name: 'Conversation list' }).getByRole('button').first().click();

  // A template's placeholders must be filled before use.
  await page.getByRole('button', { name: 'Templates' }).click();
  const dialog = page.getByRole('dialog', { name: 'Templates' });
  await dialog.getByRole('button', { name: /our technician \*\|tech_name\|\*/ }).click();
  await expect(dialog.getByRole('button', { name: 'Copy to Text Box' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Send Now' })).toBeVisible();
  await dialog.getByLabel('first name').fill('Maria');
  await dialog.getByLabel('tech name').fill('Marcus');
  await dialog.getByLabel('minutes').fill('20');
  await expectAccessible(page, 'inbox templates');
  await dialog.getByRole('button', { name: 'Copy to Text Box' }).click();
  const box = page.getByRole('textbox', { name: 'Message' });
  await expect(box).toHaveValue('Hi Maria, our technician Marcus is on the way and should arrive in about 20 minutes.');

  // Over 140: asked once; at 300: the limit.
  await box.fill('x'.repeat(141));
  await expect(page.getByRole('dialog', { name: 'Are you sure?' })).toContainText('Due to carrier issues, any SMS over 140 characters may send out of order');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('141 out of 140 characters')).toBeVisible();
  await box.fill('x'.repeat(300));
  await expect(page.getByRole('dialog', { name: 'Limit reached' })).toContainText('Due to carrier issues, SMS messages are limited to a maximum of 300 characters');
  await page.getByRole('button', { name: 'OK' }).click();
  await box.fill('');

  // Export Transcripts: the CSV of the range.
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Export Conversations' }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export Transcripts' });
  await expect(exportDialog.getByLabel('From')).not.toHaveValue('');
  const download = page.waitForEvent('download');
  await exportDialog.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Messaging_conversations_\d{4}-\d{2}-\d{2}__\d{4}-\d{2}-\d{2}\.csv$/);
});

test('a new conversation, and a website chat lead that becomes a conversation', async ({ page }) => {
  await openInbox(page, 'admin@kudo.test');
  await page.getByRole('button', { name: 'New Conversation' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Conversation' });
  await expect(dialog.getByRole('tab', { name: 'Multiple Conversations' })).toBeVisible();
  await dialog.getByLabel('Contact number').fill('5125559002');
  await expect(dialog.getByLabel('Contact number')).toHaveValue('(512) 555-9002');
  await dialog.getByLabel('Name (optional)').fill('Rosa Kim');
  await dialog.getByRole('textbox', { name: 'Message' }).fill('Hi Rosa, your estimate is ready.');
  // Send looks disabled until the terms are checked; pressing it says why.
  await dialog.getByRole('button', { name: 'Send', exact: true }).click({ force: true });
  await expect(page.getByText('Please agree to our terms below')).toBeVisible();
  await dialog.getByLabel('This message is not being sent for marketing purposes.').check();
  await expectAccessible(page, 'new conversation');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, /Rosa Kim/)).toBeVisible();

  // A website visitor's chat: a lead, and a conversation in the inbox (the location's web chat switched on first).
  const csrf = (await page.context().cookies()).find((c) => c.name === 'kudo_csrf')?.value ?? '';
  expect((await page.request.post('/api/settings/kudo/web-chat/enable', { data: {}, headers: { 'x-csrf-token': csrf } })).status()).toBe(200);
  const widget = await page.request.get('/api/settings/dispatch/web-widget/load');
  const key = ((await widget.json()) as { data: { widgetSetting: { widget_key?: string; widgetKey?: string } } }).data.widgetSetting;
  const widgetKey = key.widget_key ?? key.widgetKey;
  const chat = await page.request.post(`/api/widget/${widgetKey}/chat`, {
    data: { name: 'Lee Visitor', phone: '(512) 555-9003', message: 'Do you fix tankless heaters?', consent: true, elapsed: 6000 },
  });
  expect(chat.status()).toBe(200);
  await expect(row(page, /Lee Visitor/)).toBeVisible({ timeout: 2500 });

  await page.goto('/analyze/two-way-messaging/chat-widget');
  await expect(page.getByRole('table', { name: 'Chat widget leads' })).toContainText('Lee Visitor');
  await page.screenshot({ path: `${SHOTS}/chat-widget-report.png`, fullPage: true });
  await expectAccessible(page, 'chat widget report');
  await page.goto('/analyze/two-way-messaging/messaging');
  await expect(page.getByText('Total Messages')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Messaging usage per user' })).toContainText('admin@kudo.test');
  await page.screenshot({ path: `${SHOTS}/messaging-usage.png`, fullPage: true });
  await expectAccessible(page, 'messaging usage');
});
