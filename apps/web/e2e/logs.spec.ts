import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { logIn, saveShot } from './helpers';

/** The row of a logs table that holds `text`. */
const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('a pulseCheck sent from Dispatch shows in every log it belongs to, and the logs export', async ({ page }) => {
  await logIn(page, 'admin@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/operate/dispatch');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) }).first();
  const technician = (await row.getByRole('heading', { level: 3 }).textContent())!.trim();
  await row.getByLabel('Phone').fill('5125550977');
  await row.getByLabel('Email').fill('logan.logtest@example.com');
  await row.getByLabel('Name (optional)').fill('Logan Logtest');
  await row.getByRole('button', { name: 'Send pulseCheck' }).click();
  await expect(page.getByText('pulseCheck Sent Successfully')).toBeVisible();

  // Logs is in the account menu and opens on Outbound.
  await page.goto('/logs');
  await expect(page).toHaveURL(/\/logs\/outbound/);
  const tabs = page.getByRole('navigation', { name: 'Logs' });
  for (const name of ['Outbound', 'Opt-Outs', 'Api Tasks', 'Api Tasks v2', 'Email Jobs', 'SMS Jobs']) await expect(tabs.getByRole('link', { name, exact: true })).toBeVisible();
  const outbound = page.getByRole('table', { name: 'Outbound messages' });
  for (const name of ['ID', 'Date', 'Campaign', 'Customer', 'Channel', 'Service', 'Status']) await expect(outbound.getByRole('columnheader', { name, exact: true })).toBeVisible();
  await expect(page.getByText(/^Loaded \d+ of \d+ entries$/)).toBeVisible();

  await page.getByLabel('Search ID, customer or channel').fill('Logan Logtest');
  await expect(outbound.getByRole('row')).toHaveCount(3);
  await expect(page.getByText('Loaded 2 of 2 entries')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pull next 500 logs' })).toHaveCount(0);
  const sms = rowWith(page, 'SMS');
  await expect(sms).toContainText('Logan Logtest · (512) 555-0977');
  await expect(sms).toContainText(technician);
  await expect(sms).toContainText('Dev outbox');
  await expect(sms).toContainText('sent');
  await expect(rowWith(page, 'Email')).toContainText('Logan Logtest · logan.logtest@example.com');
  await saveShot(page, 'logs-outbound', { fullPage: true });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('outbound-logs.csv');
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv).toContain('ID,Date,Campaign,Customer,Channel,Service,Status');
  expect(csv).toContain('Logan Logtest · (512) 555-0977');

  await tabs.getByRole('link', { name: 'Email Jobs' }).click();
  await expect(page).toHaveURL(/\/logs\/email-jobs/);
  const email = rowWith(page, 'logan.logtest@example.com');
  await expect(email).toContainText(technician);
  await expect(email).toContainText('pcheck');
  await expect(email).toContainText(/outbox-\d+/);
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await tabs.getByRole('link', { name: 'SMS Jobs' }).click();
  await expect(page).toHaveURL(/\/logs\/sms-jobs/);
  const text = rowWith(page, '(512) 555-0977');
  await expect(text).toContainText(technician);
  await expect(text).toContainText(/outbox-\d+/);
  await expect(text).toContainText('dispatch');
  const smsDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const smsCsv = await readFile((await (await smsDownload).path())!, 'utf8');
  expect(smsCsv).toContain('jobId,app,status,kudoNumber,userNumber,body,campaignUid,campaignName,twilioSid,timestamp');
  expect(smsCsv).toContain('(512) 555-0977');

  // A send is no opt-out and no task: those tabs show their own records with their columns.
  await tabs.getByRole('link', { name: 'Opt-Outs' }).click();
  await expect(page).toHaveURL(/\/logs\/opt-outs/);
  await expect(page.getByText(/^Loaded \d+ of \d+ entries$|No data could be found!/).first()).toBeVisible();
  await tabs.getByRole('link', { name: 'Api Tasks', exact: true }).click();
  await expect(page).toHaveURL(/\/logs\/api-tasks$/);
  await expect(page.getByText(/^Loaded \d+ of \d+ entries$|No data could be found!/).first()).toBeVisible();
  await tabs.getByRole('link', { name: 'Api Tasks v2' }).click();
  await expect(page).toHaveURL(/\/logs\/api-tasks-v2/);
  await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
});

test('a v2 log shows why a request was refused in place of its rows', async ({ page }) => {
  await logIn(page, 'admin@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/logs/email-jobs?from=2000-01-01');
  await expect(page.getByRole('alert')).toContainText('The date range may start at');
});
