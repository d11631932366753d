import { expect, test, type Page } from '@playwright/test';
import { logIn } from './helpers';

/** The demo owner at Dallas, the trial location (nothing is bought here: upgrade.spec.ts buys). */
async function ownerAtDallas(page: Page) {
  await logIn(page, 'owner@kudo.test');
  await expect(page).toHaveURL(/\/select-location$/);
  await page.getByRole('button', { name: /Demo Plumbing Dallas/ }).first().click();
  await expect(page).not.toHaveURL(/\/select-location$/);
}

test('the billing screen: trial panel, term toggle, select and deselect, subtotal', async ({ page }) => {
  await ownerAtDallas(page);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings\/billing\/subscriptions$/);
  await expect(page.getByRole('heading', { name: '14-Day Free Trial' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Subscription' })).toBeVisible();
  const term = page.getByRole('group', { name: 'Billing term' });
  await expect(term.getByRole('button', { name: 'Yearly (save 15%)' })).toHaveAttribute('aria-pressed', 'true');
  const pro = page.getByRole('listitem', { name: 'Pro' });
  await expect(pro).toContainText('$2,539.80/year');
  await expect(page.getByRole('listitem', { name: 'Enterprise' })).toContainText('Custom quote');
  await expect(page.getByRole('region', { name: 'Subtotal' })).toHaveCount(0);

  await term.getByRole('button', { name: 'Monthly' }).click();
  await expect(pro).toContainText('$249/month');
  // Switching the term alone costs nothing on a trial: no subtotal yet.
  await expect(page.getByRole('region', { name: 'Subtotal' })).toHaveCount(0);

  await pro.getByRole('button', { name: 'Select' }).click();
  await expect(pro.getByRole('button', { name: 'Selected' })).toHaveAttribute('aria-pressed', 'true');
  const subtotal = page.getByRole('region', { name: 'Subtotal' });
  await expect(subtotal).toContainText('$249');
  const chat = page.getByRole('listitem', { name: 'Chat Widget' });
  await chat.getByRole('button', { name: 'Add to order' }).click();
  await expect(chat.getByRole('button', { name: 'Added' })).toBeVisible();
  await expect(subtotal).toContainText('$387'); // 249 + 39 + 99 setup
  await expect(subtotal.getByRole('button', { name: 'Checkout' })).toBeVisible();

  // Clicking again deselects; with nothing chosen the subtotal goes.
  await chat.getByRole('button', { name: 'Added' }).click();
  await pro.getByRole('button', { name: 'Selected' }).click();
  await expect(pro.getByRole('button', { name: 'Select' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Subtotal' })).toHaveCount(0);
});

test('a paying location sees its plan and add-ons as subscribed and upgrades', async ({ page }) => {
  await logIn(page, 'admin@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings/billing/subscriptions');
  await expect(page.getByRole('listitem', { name: 'Pro' })).toContainText('Active');
  await expect(page.getByRole('listitem', { name: 'Two-Way Messaging' })).toContainText('Subscribed');
  await expect(page.getByRole('heading', { name: '14-Day Free Trial' })).toHaveCount(0);
  await page.getByRole('listitem', { name: 'Starter' }).getByRole('button', { name: 'Select' }).click();
  await expect(page.getByRole('region', { name: 'Subtotal' }).getByRole('button', { name: 'Upgrade' })).toBeVisible();
});

test('a custom-plan account requests an upgrade instead of buying', async ({ page }) => {
  await logIn(page, 'admin@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  // The plans answer as for an Enterprise account; the request itself goes to the server.
  await page.route('**/api/self-service/plan', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, data: { ...body.data, custom_pricing: true, currentPlan: 'enterprise' } } });
  });
  await page.goto('/settings/billing/subscriptions');
  await expect(page.getByRole('listitem', { name: 'Starter' }).getByRole('button', { name: 'Select' })).toHaveCount(0);
  await page.getByRole('listitem', { name: 'Starter' }).getByRole('button', { name: 'Request Upgrade' }).click();
  await expect(page.getByText('Request received')).toBeVisible();
  await expect(page.getByText('Your request was received. Our sales team will contact you shortly.')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/billing\/subscriptions$/);
});

test('a load failure shows the billing error', async ({ page }) => {
  await logIn(page, 'admin@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.route('**/api/self-service/subscription', (route) => route.fulfill({ status: 500, json: { status: 0, message: 'Something went wrong' } }));
  await page.goto('/settings/billing/subscriptions');
  await expect(page.getByText("Can't get data!")).toBeVisible();
  await expect(page.getByText('Uh-oh, it looks like we encountered an error! We have notified our engineers.')).toBeVisible();
});
