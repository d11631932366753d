import { expect, test, type Page } from '@playwright/test';
import { logIn, saveShot, servePlainPage } from './helpers';

const shot = (page: Page, name: string) => saveShot(page, `widget-${name}`, { fullPage: true });

test('an admin sets up the review widget and sees the new dot style on the preview page', async ({ page }) => {
  await logIn(page, 'admin@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings/dispatch/web-widget');
  await expect(page.getByRole('heading', { name: 'Installation' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Review Widget' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Chat Widget' })).toBeVisible();
  await shot(page, 'settings');

  // Get Code shows the snippet with this location's key.
  await page.getByRole('button', { name: 'Get Code' }).click();
  const codeDialog = page.getByRole('dialog', { name: 'Your widget code' });
  await expect(codeDialog.getByLabel('Widget code', { exact: true })).toContainText('data-kudo-widget=');
  await shot(page, 'get-code');
  await page.keyboard.press('Escape');
  await expect(codeDialog).toBeHidden();

  // Email the webmaster.
  await page.getByRole('button', { name: 'Email Webmaster' }).click();
  const mailDialog = page.getByRole('dialog', { name: 'Email your webmaster' });
  await mailDialog.getByLabel("Webmaster's email").fill('not-an-email');
  await mailDialog.getByRole('button', { name: 'Send Email' }).click();
  await expect(mailDialog.getByText('Please provide a valid email')).toBeVisible();
  await mailDialog.getByLabel("Webmaster's email").fill('webmaster@acme.example');
  await mailDialog.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByText('Email Sent!')).toBeVisible();
  await expect(mailDialog).toBeHidden();

  // The phone rule: invalid numbers cannot be made permanent.
  const phone = page.getByLabel('Phone number');
  await phone.fill('555-12');
  await expect(page.getByText('Invalid Phone Number')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Make Permanent' })).toBeDisabled();
  await phone.fill('512 555 0177');
  await page.getByRole('button', { name: 'Make Permanent' }).click();
  await expect(page.getByText('Your settings have been saved!')).toBeVisible();
  await expect(phone).toHaveValue('(512) 555-0177');

  // My Dot: style 3, on the left, with the live preview following along.
  await page.getByRole('button', { name: 'My Dot Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'My Dot Settings' });
  await dialog.getByRole('radio', { name: '3', exact: true }).check();
  await dialog.getByRole('radio', { name: 'Left', exact: true }).check();
  await expect(dialog.locator('[data-dot-style="3"]')).toBeVisible();
  await expect(dialog.locator('[data-dot-style="3"] .dot.t3')).toBeVisible();
  await dialog.getByLabel('Dot Color', { exact: true }).fill('#B91C1C');
  await shot(page, 'dot-settings');
  await dialog.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Your settings have been saved!').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  // The preview page loads the real script: the dot has the new style, colour and side.
  const href = await page.getByRole('link', { name: /Open Widget/ }).getAttribute('href');
  expect(href).toMatch(/^\/preview-review-widget\/[A-Za-z0-9_-]+$/);
  await page.goto(href!);
  const dot = page.locator('[data-kudo-widget-root] button.dot');
  await expect(dot).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /reviews? in the last 30 days/ })).toBeVisible();
  await shot(page, 'preview-closed');
  await expect(dot).toHaveClass(/\bt3\b/);
  await expect(dot).toHaveCSS('background-color', 'rgb(185, 28, 28)');
  const box = (await dot.boundingBox())!;
  expect(box.x).toBeLessThan(200);
  await dot.click();
  await expect(page.getByText('Selected reviews')).toBeVisible();
  await expect(page.getByRole('link', { name: /See all \d+ reviews/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Call (512) 555-0177' })).toBeVisible();
  await shot(page, 'preview');
  await page.keyboard.press('Escape');
  await expect(page.getByText('Selected reviews')).toBeHidden();
  await expect(dot).toBeFocused();

  // Disable, then enable the dot again.
  await page.goto('/settings/dispatch/web-widget');
  await page.getByRole('button', { name: 'My Dot Settings' }).click();
  await page.getByRole('dialog', { name: 'My Dot Settings' }).getByRole('button', { name: 'Disable My Dot' }).click();
  await expect(page.getByText('Your dot was Disabled!')).toBeVisible();
  await page.getByRole('button', { name: 'Enable My Dot' }).click();
  await expect(page.getByText('Your dot was enabled!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'My Dot Settings' })).toBeVisible();

  // Fixed: the dot sits in the page's kudo_widget_static_container.
  await page.getByRole('button', { name: 'My Dot Settings' }).click();
  const again = page.getByRole('dialog', { name: 'My Dot Settings' });
  await again.getByRole('radio', { name: 'Fixed', exact: true }).check();
  await expect(again.getByText('kudo_widget_static_container').first()).toBeVisible();
  await again.getByRole('button', { name: 'Save Settings' }).click();
  await expect(again).toBeHidden();
  await page.goto(href!);
  await expect(page.locator('#kudo_widget_static_container [data-kudo-widget-root] button.dot')).toBeVisible();
  await shot(page, 'preview-fixed');

  // The WordPress plugin of this location downloads as a zip.
  await page.goto('/settings/dispatch/web-widget');
  await page.getByText('WordPress instructions').click();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: /Download the Kudo Reviews plugin/ }).click();
  expect((await download).suggestedFilename()).toBe('kudo-reviews.zip');
});

test('the snippet works on a plain website of another origin', async ({ page }) => {
  await logIn(page, 'admin@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  const load = await page.request.get('/api/settings/dispatch/web-widget/load');
  expect(load.ok()).toBe(true);
  const snippet: string = (await load.json()).data.snippets.web_widget;

  await servePlainPage(snippet, async (url) => {
    await page.goto(url);
    const dot = page.locator('[data-kudo-widget-root] button.dot');
    await expect(dot).toBeVisible();
    await expect(dot).toHaveAttribute('aria-label', /rated \d\.\d out of 5 from \d+ reviews/);
    // A floating dot can be dragged aside; a drag does not open the reviews.
    const before = (await dot.boundingBox())!;
    await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
    await page.mouse.down();
    await page.mouse.move(before.x + 400, before.y - 400, { steps: 8 });
    await page.mouse.up();
    const after = (await dot.boundingBox())!;
    expect(after.x).toBeGreaterThan(before.x + 300);
    expect(after.y).toBeLessThan(before.y - 300);
    await expect(page.getByText('Selected reviews')).toBeHidden();
    await dot.click();
    await expect(page.getByText('Selected reviews')).toBeVisible();
    const reviews = page.locator('[data-kudo-widget-root] li.review');
    await expect(reviews.first()).toBeVisible();
    expect(await reviews.count()).toBeGreaterThan(1);
    const ld = JSON.parse((await page.locator('head script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld['@type']).toBe('LocalBusiness');
    expect(ld.aggregateRating['@type']).toBe('AggregateRating');
    expect(ld.aggregateRating.reviewCount).toBeGreaterThan(await reviews.count());
    await shot(page, 'embedded');
  });
});
