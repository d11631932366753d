import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { logIn, saveShot } from './helpers';


test('an admin edits the contact card, keeps it after a reload, and downloads it', async ({ page }) => {
  await logIn(page, 'admin@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings/contact-card');
  await expect(page).toHaveURL(/\/settings\/contact-card\/contact-information$/);
  const qr = page.getByRole('img', { name: /QR code that saves the contact card/ });
  await expect(qr).toBeVisible();
  // The image really loads and decodes.
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
  await saveShot(page, 'card-contact-information', { fullPage: true });

  // A bad outbound number is refused in place.
  await page.getByLabel('Outbound phone numbers').fill('555-12');
  await page.getByRole('button', { name: 'Add' }).first().click();
  await expect(page.getByText('Please provide a valid number')).toBeVisible();
  await page.getByLabel('Outbound phone numbers').fill('(512) 555-0177');
  await page.getByRole('button', { name: 'Add' }).first().click();
  await expect(page.getByRole('list', { name: 'Outbound numbers' }).getByText('(512) 555-0177')).toBeVisible();

  await page.getByLabel('Add an email').fill('nope');
  await page.getByLabel('Add an email').press('Enter');
  await expect(page.getByText('Please provide a valid email')).toBeVisible();
  await page.getByLabel('Add an email').fill('Hello@DemoPlumbing.test');
  await page.getByLabel('Add an email').press('Enter');
  await page.getByRole('button', { name: 'Remove billing@demoplumbing.test' }).click();

  await page.getByLabel('Company name').fill('Demo Plumbing & Drains');
  await page.getByLabel('Primary phone').fill('512 555 0150');
  await page.getByLabel('Search terms').fill('plumber, drains, leak repair');
  await page.getByLabel('Notes').fill('Ask for Sam; weekends, too.');
  await page.getByLabel('90 minutes').check();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Your settings have been saved!')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Company name')).toHaveValue('Demo Plumbing & Drains');
  await expect(page.getByLabel('Primary phone')).toHaveValue('(512) 555-0150');
  await expect(page.getByLabel('Search terms')).toHaveValue('plumber, drains, leak repair');
  await expect(page.getByLabel('Notes')).toHaveValue('Ask for Sam; weekends, too.');
  await expect(page.getByLabel('90 minutes')).toBeChecked();
  const emails = page.getByRole('list', { name: 'Emails on the card' });
  await expect(emails.getByText('hello@demoplumbing.test')).toBeVisible();
  await expect(emails.getByText('billing@demoplumbing.test')).toHaveCount(0);

  // The delay options look disabled while sending is off.
  await page.getByRole('switch', { name: 'Send Contact Card after pulseCheck' }).click();
  await expect(page.getByLabel('90 minutes')).toBeDisabled();

  const vcardDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download vCard' }).click();
  const vcard = await vcardDownload;
  expect(vcard.suggestedFilename()).toBe('Demo Plumbing Drains.vcf');
  const text = fs.readFileSync((await vcard.path())!, 'utf8');
  expect(text).toMatch(/^BEGIN:VCARD\r\nVERSION:3\.0\r\n/);
  expect(text).toContain('FN:Demo Plumbing & Drains');
  expect(text).toContain('TEL;TYPE=WORK,VOICE,PREF:+15125550150');
  expect(text).toContain('TEL;TYPE=WORK,VOICE:+15125550177');
  expect(text).toContain('EMAIL;TYPE=INTERNET,WORK:hello@demoplumbing.test');
  expect(text).toContain('CATEGORIES:plumber,drains,leak repair');
  expect(text).toContain('NOTE:Ask for Sam\\; weekends\\, too.');

  const pngDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PNG' }).click();
  const png = await pngDownload;
  expect(png.suggestedFilename()).toMatch(/QR code\.png$/);
  expect(fs.readFileSync((await png.path())!).subarray(0, 4).toString('hex')).toBe('89504e47');
});

test('an admin picks a template, edits it, sends a test SMS that arrives in the outbox, and saves it', async ({ page }) => {
  await logIn(page, 'admin@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings/contact-card/templates');
  const picker = page.getByLabel('Demo SMS Template');
  await expect(picker).toHaveValue('hs-contact-card-after-pcheck');
  await picker.selectOption({ label: 'Appointment confirmation' });
  const body = page.getByLabel('SMS body');
  await expect(body).toHaveValue(/your appointment with \{company_name\} is confirmed/);

  // The test needs a phone number, and a body the server would accept.
  await page.getByRole('button', { name: 'Send test SMS' }).click();
  await expect(page.getByText('Please enter a valid phone number')).toBeVisible();
  await body.fill('Hi {customer_name}! {company_name} confirms {appointment_date}. Card: {card_link}');
  const phone = page.getByLabel('Test phone number');
  await phone.pressSequentially('5125550199');
  await expect(phone).toHaveValue('(512) 555-0199');
  await saveShot(page, 'card-templates', { fullPage: true });
  await page.getByRole('button', { name: 'Send test SMS' }).click();
  await expect(page.getByText('Sent to the phone')).toBeVisible();

  // The edit is kept on the tab until it is saved, and after a reload once it is.
  await expect(page.getByText('You have unsaved changes.')).toBeVisible();
  await page.getByRole('button', { name: 'Save Templates' }).click();
  await expect(page.getByText('Templates were successfully updated')).toBeVisible();
  await page.reload();
  await page.getByLabel('Demo SMS Template').selectOption('hs-contact-card-appt-confirmation');
  await expect(page.getByLabel('SMS body')).toHaveValue('Hi {customer_name}! {company_name} confirms {appointment_date}. Card: {card_link}');

  await page.goto('/dev/outbox');
  const sms = page.getByRole('article', { name: 'SMS to +15125550199' }).first();
  await expect(sms).toBeVisible();
  await expect(sms).toContainText(/Hi Alex! Demo Plumbing .* confirms/);
  await expect(sms).toContainText('/api/public/contact-card/');
});

test('an admin updates the employee rewards configuration', async ({ page }) => {
  await logIn(page, 'admin@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings/employee-rewards');
  await expect(page.getByLabel('Reward budget per review')).toBeDisabled();
  await expect(page.getByLabel('Reward budget per review')).toHaveValue('$5.00');
  await saveShot(page, 'card-employee-rewards', { fullPage: true });

  await page.getByLabel('Start month').selectOption({ label: 'April' });
  await page.getByLabel('Add a reporting email').fill('hr@demoplumbing.test');
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('button', { name: 'Remove payroll@demoplumbing.test' }).click();
  await page.getByLabel('Facebook').uncheck();
  await page.getByRole('button', { name: 'Update Configuration' }).click();
  await expect(page.getByText('Your settings have been saved!')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Start month')).toHaveValue('4');
  await expect(page.getByLabel('Facebook')).not.toBeChecked();
  await expect(page.getByLabel('Google')).toBeChecked();
  const list = page.getByRole('list', { name: 'Reporting emails' });
  await expect(list.getByText('hr@demoplumbing.test')).toBeVisible();
  await expect(list.getByText('payroll@demoplumbing.test')).toHaveCount(0);
});

test('a staff user without settings cannot open the contact card', async ({ page }) => {
  await logIn(page, 'staff@kudo.test');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/settings/contact-card/contact-information');
  await expect(page.getByLabel('Company name')).toHaveCount(0);
});

test('a card never saved shows the notice to configure it first; a failed load offers a retry', async ({ page }) => {
  await logIn(page, 'admin@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  // The answer of a location that has not saved its card yet.
  await page.route('**/api/contact-card-settings/load', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.data = { ...body.data, qrcodePng: null, qrcodeSvg: null, vcardUrl: null };
    await route.fulfill({ response, json: body });
  });
  await page.goto('/settings/contact-card/contact-information');
  await expect(page.getByText('Set up your contact card first')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download PNG' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Download vCard' })).toHaveCount(0);
  await saveShot(page, 'card-contact-information-new');

  await page.unroute('**/api/contact-card-settings/load');
  // The first load and its two automatic retries fail; the Retry button then succeeds.
  let failures = 3;
  await page.route('**/api/employee-rewards/settings/load', async (route) => {
    if (failures-- > 0) return route.fulfill({ status: 500, json: { status: 0, message: 'Something went wrong, please try again.' } });
    return route.continue();
  });
  await page.goto('/settings/employee-rewards');
  await expect(page.getByText('Something went wrong, please try again.')).toBeVisible();
  await saveShot(page, 'card-employee-rewards-error');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('button', { name: 'Update Configuration' })).toBeVisible();
});
