import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { linkFromOutbox, logIn, saveShot } from './helpers';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Checks a Standard Webhooks signature with plain crypto, as docs/api.md shows receivers. */
function verified(secret: string, r: Received): boolean {
  const id = String(r.headers['webhook-id']);
  const timestamp = String(r.headers['webhook-timestamp']);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${r.body}`).digest();
  const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
  return fresh && String(r.headers['webhook-signature'] ?? '')
    .split(' ')
    .some((s) => {
      const [version, sig] = s.split(',');
      const given = Buffer.from(sig ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

test('a webhook added in Settings receives a signed review.created when a customer answers a pulseCheck', async ({ page, browser }) => {
  // Settings, Dispatch, the customer's phone and Settings again, with accessibility checks on the way.
  test.setTimeout(180_000);
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/kudo-events`;

  try {
    await logIn(page, 'admin@kudo.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/settings/integrations/webhooks');
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    await expect(page.getByText('No webhooks yet')).toBeVisible();
    await expectAccessible(page, 'webhooks, empty');

    await page.getByRole('button', { name: 'Add webhook' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await expect(dialog.getByText('Choose at least one event.')).toBeVisible();
    await dialog.getByLabel('URL').fill(hookUrl);
    await dialog.getByRole('checkbox', { name: /Review created/ }).check();
    await expectAccessible(page, 'add webhook');
    await saveShot(page, 'webhooks-add');
    await dialog.getByRole('button', { name: 'Add webhook' }).click();

    const done = page.getByRole('dialog', { name: 'Webhook added' });
    const secret = await done.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expectAccessible(page, 'webhook secret');
    await done.getByRole('button', { name: 'Done' }).click();
    const hooks = page.getByRole('table', { name: 'Webhooks' });
    await expect(hooks.getByRole('row').filter({ hasText: hookUrl })).toContainText('review.created');
    await expect(hooks.getByRole('row').filter({ hasText: hookUrl })).toContainText('Active');

    // A customer answers a pulseCheck sent from Dispatch.
    await page.goto('/operate/dispatch');
    // A technician's own row (the first is the location's default, whose link asks who served the customer).
    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) }).nth(1);
    await row.getByLabel('Phone').fill('5125550177');
    await row.getByLabel('Name (optional)').fill('Wendy Hook');
    await row.getByRole('button', { name: 'Send pulseCheck' }).click();
    await expect(page.getByText('pulseCheck Sent Successfully')).toBeVisible();
    const link = await linkFromOutbox(page, '+15125550177');
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const customer = await phone.newPage();
    await customer.goto(link);
    await customer.getByRole('button', { name: /Very satisfied/ }).click();
    await expect(customer.getByRole('heading', { name: 'Leave your review in seconds.' })).toBeVisible();
    await phone.close();

    // The worker delivers it, signed with the webhook's secret.
    await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const [first] = received;
    expect(verified(secret, first!)).toBe(true);
    expect(verified(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, first!)).toBe(false);
    const event = JSON.parse(first!.body) as { type: string; timestamp: string; data: { id: string; source: string; rating: number; customer: { name: string } } };
    expect(event.type).toBe('review.created');
    expect(event.data).toMatchObject({ source: 'kudo', rating: 5, customer: { name: 'Wendy Hook' } });
    expect(event.data.id).toMatch(/^rv_\d+$/);

    // The delivery is listed with the receiver's 200.
    await page.goto('/settings/integrations/webhooks');
    const deliveries = page.getByRole('table', { name: 'Webhook deliveries' });
    const delivered = deliveries.getByRole('row').filter({ hasText: 'review.created' }).first();
    await expect(delivered).toContainText('Delivered');
    await expect(delivered).toContainText('200');
    await expect(delivered.getByRole('button', { name: /^Redeliver review\.created evt_/ })).toBeEnabled();
    await expectAccessible(page, 'webhooks with deliveries');
    await saveShot(page, 'webhooks-deliveries', { fullPage: true });

    // Redeliver sends the same event again, with the same webhook-id.
    await delivered.getByRole('button', { name: /^Redeliver/ }).click();
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(2);
    expect(received[1]!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(received[1]!.body).toBe(first!.body);
    expect(verified(secret, received[1]!)).toBe(true);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
