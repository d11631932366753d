import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { logIn, saveShot, servePlainPage } from './helpers';

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
  await saveShot(owner, 'inbox', { fullPage: true });
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
  await saveShot(owner, 'inbox-thread', { fullPage: true });

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
  // The export's CSV form, saved as it came: the header row, then a line per message.
  const saved = await readFile(await file.path(), 'utf8');
  expect(saved.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Conversation ID,Customer Name,Customer Phone,Date,Direction,Sent By,Message,Media,Status');
  expect(saved.split('\r\n').length).toBeGreaterThan(2);
});

test('a new conversation, and a website chat lead that becomes a conversation', async ({ page }) => {
  test.setTimeout(120_000);
  await openInbox(page, 'admin@kudo.test');
  await page.getByRole('button', { name: 'New Conversation' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Conversation' });
  await expect(dialog.getByRole('tab', { name: 'Multiple Conversations' })).toBeVisible();

  // 'Send for...' opens its dialog even before the form is complete: Myself, Unassigned or a user.
  await dialog.getByRole('button', { name: 'Send for...' }).click();
  const sendFor = page.getByRole('dialog', { name: 'Send for...' });
  await expect(sendFor.getByRole('radio', { name: 'Myself' })).toBeChecked();
  await expect(sendFor.getByRole('radio', { name: 'Unassigned' })).toBeVisible();
  await expect(sendFor.getByRole('combobox', { name: 'User' })).toHaveValue('');
  await expect(sendFor.getByRole('combobox', { name: 'User' }).locator('option:checked')).toHaveText('None Selected');
  await expect(sendFor.getByText('This conversation will be assigned to you.')).toBeVisible();
  await saveShot(page, 'new-conversation-send-for');
  await expectAccessible(page, 'new conversation send for');
  // Its Send only looks disabled on an incomplete form: pressed, it says what is missing.
  await sendFor.getByRole('button', { name: 'Send', exact: true }).click({ force: true });
  await expect(sendFor).toBeHidden();
  await expect(page.getByText("Message can't be sent")).toBeVisible();
  await expect(page.getByText('Please agree to our terms below')).toBeVisible();
  await expect(dialog.getByText('Please provide a valid number')).toBeVisible();
  await expect(dialog.getByText('Please provide a message')).toBeVisible();
  await expectAccessible(page, 'new conversation incomplete');
  await dialog.getByLabel('Contact number').fill('5125559002');
  await expect(dialog.getByLabel('Contact number')).toHaveValue('(512) 555-9002');
  await dialog.getByLabel('Name (optional)').fill('Rosa Kim');
  await dialog.getByRole('textbox', { name: 'Message' }).fill('Hi Rosa, your estimate is ready.');
  // Send looks disabled until the terms are checked; pressing it says why (once the first notice has gone).
  await expect(page.getByText('Please agree to our terms below')).toBeHidden({ timeout: 10_000 });
  await dialog.getByRole('button', { name: 'Send', exact: true }).click({ force: true });
  await expect(page.getByText('Please agree to our terms below')).toBeVisible();
  await dialog.getByLabel('This message is not being sent for marketing purposes.').check();
  await expectAccessible(page, 'new conversation');
  // Sent for nobody in particular: the new conversation is Unassigned.
  await dialog.getByRole('button', { name: 'Send for...' }).click();
  await sendFor.getByRole('radio', { name: 'Unassigned' }).check();
  await expect(sendFor.getByText('This conversation will be assigned to you.')).toBeHidden();
  await sendFor.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, /Rosa Kim/)).toBeVisible();
  await expect(row(page, /Rosa Kim/)).toContainText('Unassigned');

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
  await saveShot(page, 'chat-widget-report', { fullPage: true });
  await expectAccessible(page, 'chat widget report');
  await page.goto('/analyze/two-way-messaging/messaging');
  await expect(page.getByText('Total Messages')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Messaging usage per user' })).toContainText('admin@kudo.test');
  await saveShot(page, 'messaging-usage', { fullPage: true });
  await expectAccessible(page, 'messaging usage');
});

test('a visitor texts the business from the chat button of its website, and the conversation is in the inbox', async ({ page }) => {
  await openInbox(page, 'admin@kudo.test');
  const csrf = (await page.context().cookies()).find((c) => c.name === 'kudo_csrf')?.value ?? '';
  expect((await page.request.post('/api/settings/kudo/web-chat/enable', { data: {}, headers: { 'x-csrf-token': csrf } })).status()).toBe(200);
  const load = await page.request.get('/api/settings/dispatch/web-widget/load');
  const snippet: string = (await load.json()).data.snippets.web_widget;

  await servePlainPage(snippet, async (url) => {
    const site = await page.context().newPage();
    await site.goto(url);
    const chat = site.locator('[data-kudo-chat-root]');
    const open = chat.getByRole('button', { name: 'Text us' });
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await open.click();
    const dialog = chat.getByRole('dialog', { name: /^Text Demo Plumbing Austin/ });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();
    await expect(dialog).toContainText('Hi! How can we help you today?');

    // Nothing filled in: every field says what it needs, and the first one takes the focus.
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText('Please tell us your name')).toBeVisible();
    await expect(dialog.getByText('Please provide a valid mobile number')).toBeVisible();
    await expect(dialog.getByText('Please write a message')).toBeVisible();
    await expect(dialog.getByText('Please agree to receive text messages')).toBeVisible();
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(site, 'website chat with errors');

    await dialog.getByLabel('Name').fill('Sam Website');
    await dialog.getByLabel('Mobile number').fill('(512) 555-9011');
    await dialog.getByRole('textbox', { name: 'Message', exact: true }).fill('Can someone look at my water softener this week?');
    await dialog.getByRole('checkbox', { name: /I agree to receive text messages from Demo Plumbing Austin/ }).check();
    // The honeypot is out of reach for people (and for the keyboard).
    await expect(dialog.locator('input[name="website"]')).toHaveAttribute('tabindex', '-1');
    await site.waitForTimeout(2600);
    await dialog.getByRole('button', { name: 'Send' }).click();
    const done = dialog.getByRole('status');
    await expect(done).toHaveText('Thanks! We will text you shortly.');
    await expect(done).toBeFocused();
    await expect(dialog.getByRole('button', { name: 'Send' })).toBeHidden();
    await saveShot(site, 'website-chat-sent');
    await expectAccessible(site, 'website chat sent');
    await site.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    await site.close();
  });

  // The conversation is in the inbox at once, with the visitor's message and the confirmation text.
  const conversation = row(page, /Sam Website/);
  await expect(conversation).toBeVisible({ timeout: 5000 });
  await conversation.click();
  await expect(page.getByText('Can someone look at my water softener this week?').first()).toBeVisible();
  await expect(page.getByText(/Thanks for contacting Demo Plumbing/).first()).toBeVisible();
  expect((await page.request.post('/api/settings/kudo/web-chat/disable', { data: {}, headers: { 'x-csrf-token': csrf } })).status()).toBe(200);
});

test('Multiple Conversations: a spreadsheet is sent row by row, each row shows its status, and the texts reach the outbox', async ({ page }) => {
  test.setTimeout(120_000);
  await openInbox(page, 'admin@kudo.test');
  await page.getByRole('button', { name: 'New Conversation' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Conversation' });
  await dialog.getByRole('tab', { name: 'Multiple Conversations' }).click();
  const file = dialog.getByLabel(/^Spreadsheet \(\.xls, \.xlsx or \.csv\)/);
  await dialog.getByRole('textbox', { name: 'Message' }).fill('Hi! Your spring plumbing check is due, text us back to book a visit.');
  await dialog.getByLabel('This message is not being sent for marketing purposes.').check();
  // Send looks disabled without a file; pressing it says why.
  await dialog.getByRole('button', { name: 'Send', exact: true }).click({ force: true });
  await expect(dialog.getByText('Please upload a file')).toBeVisible();

  // Four customers, one of them with a number too short to text.
  await file.setInputFiles(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'new-conversations.xlsx'));
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog.getByText('All done: 4/4')).toBeVisible({ timeout: 60_000 });
  const table = dialog.getByRole('table');
  for (const name of ['Ana Sheet', 'Ben Sheet', 'Cy Sheet']) await expect(table.getByRole('row').filter({ hasText: name })).toContainText('Success');
  await expect(table.getByRole('row').filter({ hasText: 'Bad Number' })).toContainText('Please provide a valid number');
  await expect(table.getByRole('cell', { name: 'Success' })).toHaveCount(3);
  await saveShot(page, 'multiple-conversations');
  await expectAccessible(page, 'multiple conversations progress');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, /Ana Sheet/)).toBeVisible();
  await expect(row(page, /Cy Sheet/)).toBeVisible();

  // Each valid row was texted once, with the opt-out line of a first message; the bad row was not.
  await page.goto('/dev/outbox');
  for (const to of ['+15125559101', '+15125559102', '+15125559103']) {
    const texts = page.getByRole('article', { name: `SMS to ${to}` });
    await expect(texts).toHaveCount(1);
    await expect(texts).toContainText('Your spring plumbing check is due');
    await expect(texts).toContainText('Reply STOP to opt out.');
  }
  await expect(page.getByRole('article', { name: /SMS to \+?1?51255$/ })).toHaveCount(0);
});
