import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'demo1234';

/** Where the journeys' screenshots go: E2E_SHOTS_DIR, else the web app's test-results/shots (out of git). */
export const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results/shots');

/** A screenshot of what the journey's page (or popup) shows, as `name`.png in SHOTS_DIR, to look at afterwards. */
export const saveShot = (page: Page, name: string, options: { fullPage?: boolean } = {}) =>
  page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), ...options });

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

/**
 * Serves a plain business website of another origin, with `snippet` pasted into its body, while `use`
 * runs: the widget is checked where customers meet it, not on our own pages.
 */
export async function servePlainPage(snippet: string, use: (url: string) => Promise<void>) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme Plumbing</title></head>
<body><h1>Acme Plumbing</h1><p>Pipes fixed fast.</p>${snippet}</body></html>`;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    await use(`http://127.0.0.1:${port}/`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** The demo owner, working at Austin (the owner has two locations and chooses one after logging in). */
export async function ownerAtAustin(page: Page) {
  await logIn(page, 'owner@kudo.test');
  await expect(page).toHaveURL(/\/select-location$/);
  await page.getByRole('button', { name: /Demo Plumbing Austin/ }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A report range (`from=…&to=…`) of the month 30 months ago: inside the 36 months a report may reach, older than the demo. */
export function oldEmptyMonth(): string {
  const d = new Date();
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 30, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  return `from=${first.toISOString().slice(0, 10)}&to=${last.toISOString().slice(0, 10)}`;
}
