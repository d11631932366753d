import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'demo1234';

export async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** The newest link in the Dev outbox whose message went to `to`. */
export async function linkFromOutbox(page: Page, to: string): Promise<string> {
  await page.goto('/dev/outbox');
  const message = page.getByRole('article', { name: new RegExp(`to ${to.replace(/[.+]/g, '\\$&')}`) }).first();
  await expect(message).toBeVisible();
  const href = await message.getByRole('link').first().getAttribute('href');
  if (!href) throw new Error(`no link in the message to ${to}`);
  return href;
}
