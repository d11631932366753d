import { expect, test, type Page } from '@playwright/test';
import { linkFromOutbox, logIn, saveShot } from './helpers';


/** The newest 6-digit code texted to `to`, read from the Dev outbox in a second tab. */
async function codeFromOutbox(page: Page, to: string): Promise<string> {
  const outbox = await page.context().newPage();
  await outbox.goto('/dev/outbox');
  const message = outbox.getByRole('article', { name: `SMS to ${to}` }).first();
  await expect(message).toBeVisible();
  const text = (await message.textContent()) ?? '';
  await outbox.close();
  const code = text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the SMS to ${to}: ${text}`);
  return code;
}

test('an admin adds a notification SMS number and verifies it with the texted code', async ({ page }) => {
  await logIn(page, 'admin@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings/dispatch/notifications');

  const positive = page.getByTestId('sentiment-positive');
  const neutral = page.getByTestId('sentiment-neutral');
  const negative = page.getByTestId('sentiment-negative');
  await expect(neutral.getByTestId('notify-sms-neutral')).toHaveText('(512) 555-0142');
  // Positive feedback allows one email: its Add form is hidden once one exists.
  await expect(positive.getByText('owner@kudo.test')).toBeVisible();
  await expect(positive.getByRole('button', { name: 'Add' })).toHaveCount(0);
  await expect(negative.getByText('Pending verification')).toBeVisible();
  await saveShot(page, 'notify-notifications', { fullPage: true });

  // A new email for negative feedback waits for its verification.
  await negative.getByLabel('Add an email for negative feedback').fill('oncall@example.com');
  await negative.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Email saved!')).toBeVisible();
  await expect(negative.getByTestId('notify-email-negative-oncall@example.com')).toContainText('Pending verification');

  // The neutral SMS number changes only after the texted code is entered.
  await neutral.getByRole('button', { name: 'Change' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Mobile number').fill('512-555-0199');
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByText(/Enter the 6-digit code we texted to \(512\) 555-0199/)).toBeVisible();
  await saveShot(page, 'notify-verification-modal');
  const code = await codeFromOutbox(page, '+15125550199');

  const wrong = code === '000000' ? '111111' : '000000';
  await dialog.getByLabel('6-digit code').fill(wrong);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByText('This code does not match our records')).toBeVisible();

  await dialog.getByLabel('6-digit code').fill(code);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Your SMS number was updated!')).toBeVisible();
  await expect(neutral.getByTestId('notify-sms-neutral')).toHaveText('(512) 555-0199');

  // The negative card may take the same number without a new code.
  await negative.getByRole('button', { name: 'Change' }).click();
  await dialog.getByLabel('Mobile number').fill('(512) 555-0199');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(negative.getByTestId('notify-sms-negative')).toHaveText('(512) 555-0199');

  await page.reload();
  await expect(neutral.getByTestId('notify-sms-neutral')).toHaveText('(512) 555-0199');

  // Removing a number stops the texts of that sentiment only.
  await negative.getByRole('button', { name: 'Remove the negative feedback SMS number' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(negative.getByText('No SMS number.')).toBeVisible();
  await expect(neutral.getByTestId('notify-sms-neutral')).toHaveText('(512) 555-0199');

  // The new address confirms itself from its emailed link.
  const link = await linkFromOutbox(page, 'oncall@example.com');
  expect(link).toMatch(/\/verification\/notification\/email\/\d+\//);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: /Email Verified/ })).toBeVisible();
  await page.goto('/settings/dispatch/notifications');
  await expect(negative.getByTestId('notify-email-negative-oncall@example.com')).toContainText('Verified');
  await expect(negative.getByTestId('notify-email-negative-oncall@example.com')).not.toContainText('Pending');
});

test('an admin manages escalation contacts and the auto-replies', async ({ page }) => {
  await logIn(page, 'admin@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings/messaging/notifications');

  const table = page.getByRole('table');
  await expect(table.getByText('Sam Rivera')).toBeVisible();
  await saveShot(page, 'notify-escalation', { fullPage: true });

  const form = page.getByRole('form', { name: 'Add escalation contact' });
  await form.getByLabel('Name').fill('Night Line');
  await form.getByRole('button', { name: 'Add User' }).click();
  await expect(form.getByText('No valid phone or email was provided')).toBeVisible();
  await form.getByLabel('Email').fill('sam.rivera@demoplumbing.test');
  await form.getByRole('button', { name: 'Add User' }).click();
  await expect(form.getByText('The email provided has already been added')).toBeVisible();
  await form.getByLabel('Email').fill('');
  await form.getByLabel('Phone').fill('5125550150');
  await form.getByLabel('Delay').selectOption('10');
  await form.getByRole('button', { name: 'Add User' }).click();
  await expect(table.getByRole('row', { name: /Night Line/ })).toContainText('(512) 555-0150');
  await expect(table.getByRole('row', { name: /Night Line/ })).toContainText('10 min');

  // Inline edit: a name is required.
  await table.getByRole('button', { name: 'Edit Night Line' }).click();
  await table.getByLabel('Name of Night Line').fill('');
  await table.getByRole('button', { name: 'Save Night Line' }).click();
  await expect(table.getByText('Please provide a name')).toBeVisible();
  await saveShot(page, 'notify-escalation-edit', { fullPage: true });
  await table.getByLabel('Name of Night Line').fill('Night Desk');
  await table.getByRole('button', { name: 'Save Night Line' }).click();
  await expect(table.getByText('Night Desk')).toBeVisible();

  await table.getByRole('button', { name: 'Delete Night Desk' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(table.getByText('Night Desk')).toHaveCount(0);

  await page.goto('/settings/messaging/auto-reply');
  const first = page.getByLabel('First reply text');
  await expect(first).toHaveValue(/Thanks for reaching out/);
  await saveShot(page, 'notify-auto-reply', { fullPage: true });
  await first.fill('');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Please enter the reply text')).toBeVisible();
  await first.fill('Thanks! We will text you back within the hour.');
  await page.getByLabel('Send the second reply after').selectOption('30');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Success! Your settings have been updated')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('First reply text')).toHaveValue('Thanks! We will text you back within the hour.');
  await expect(page.getByLabel('Send the second reply after')).toHaveValue('30');
});

test('the escalation screen shows its empty state', async ({ page }) => {
  await logIn(page, 'admin@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings/messaging/notifications');
  const table = page.getByRole('table');
  for (const name of ['Sam Rivera', 'Dana Whitfield']) {
    await table.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  }
  await expect(page.getByText('No escalation contacts')).toBeVisible();
  await saveShot(page, 'notify-escalation-empty', { fullPage: true });
});
