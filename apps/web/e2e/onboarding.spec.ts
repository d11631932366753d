import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { logIn, saveShot } from './helpers';

const PHONE = { width: 390, height: 844 };

async function fillAccount(page: Page, email: string) {
  await page.getByLabel('First Name').fill('Rosa');
  await page.getByLabel('Last Name').fill('Diaz');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret77');
  await page.getByLabel('Confirm Password').fill('secret77');
  await page.getByLabel('Phone').fill('(214) 555-0142');
  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('a new business signs up and has its first pulseCheck in the outbox within two minutes', async ({ page }) => {
    const started = Date.now();
    await page.goto('/onboarding?source=mvo');
    await expect(page).toHaveURL(/\/onboarding\/account-details$/);
    await expect(page.getByRole('heading', { name: 'Welcome! Start by creating your account.' })).toBeVisible();
    const next = page.getByRole('button', { name: 'Next' });
    // Next looks dimmed while the form is incomplete; a click shows what is missing, the terms too.
    await fillAccount(page, 'rosa@trinity-roofing.example');
    await page.getByRole('checkbox', { name: /terms and conditions/ }).uncheck();
    await next.click();
    await expect(page.getByText('You need to agree to the terms and conditions to continue. Please review and accept them to proceed.')).toBeVisible();
    await expect(page).toHaveURL(/\/onboarding\/account-details$/);
    await page.getByLabel('First Name').fill('');
    await next.click();
    await expect(page.getByText('Please provide a first name')).toBeVisible();

    // An email that already has a user is sent to log in.
    await fillAccount(page, 'owner@kudo.test');
    await next.click();
    await expect(page.getByText('A user with this email already exists. Please try logging in.')).toBeVisible();
    await page.getByLabel('Email').fill('rosa@trinity-roofing.example');
    await saveShot(page, 'onboarding-account-phone', { fullPage: true });
    await next.click();

    await expect(page.getByRole('heading', { name: "Confirm the Google location you'd like to collect reviews for." })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Finish' })).toBeDisabled();
    await page.getByRole('combobox', { name: 'Search for your business' }).fill('Trinity');
    await page.getByRole('option', { name: /Trinity Roofing/ }).click();
    await saveShot(page, 'onboarding-connect-phone', { fullPage: true });
    await page.getByRole('button', { name: 'Finish' }).click();

    // Logged in, on the trial: the demo send, flagged as a test.
    await expect(page).toHaveURL(/\/onboarding\/preview-pulsecheck$/);
    await expect(page.getByRole('heading', { name: 'Turn happy customers into great reviews.' })).toBeVisible();
    await page.getByLabel('Your mobile phone').fill('(214) 555-0199');
    await page.getByRole('button', { name: 'Send demo pulseCheck' }).click();
    await expect(page.getByText('Your demo pulseCheck is on its way.')).toBeVisible();
    await saveShot(page, 'onboarding-preview-phone', { fullPage: true });
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { name: 'Reach more customers in just a few clicks.' })).toBeVisible();
    await expect(page.getByText('25 pulseChecks remaining')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Skip' })).toBeVisible();
    await page.getByRole('tab', { name: 'Paste Data' }).click();
    await page.getByRole('textbox', { name: /One contact per line/ }).fill('Ann, Lee, 1 Oak St, (214) 555-0301, ann@example.com\nBad, Row, , 12,');
    await expect(page.getByText('Please provide either a valid phone number or email')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByText('Ready to send?')).toBeVisible();
    await saveShot(page, 'onboarding-confirm-phone', { fullPage: true });
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('1/2 pulseChecks sent')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Please provide either a valid phone number or email')).toBeVisible();
    await saveShot(page, 'onboarding-sent-phone', { fullPage: true });
    await page.getByRole('button', { name: 'Finish' }).click();

    await expect(page.getByRole('heading', { name: "It's sent! Congratulations!" })).toBeVisible();
    await expect(page.getByText('Onboarding Complete')).toBeVisible();
    await expectAccessible(page, 'onboarding finish');
    // Back from the finish goes to add-to-contacts.
    await page.goto('/onboarding/preview-pulsecheck');
    await expect(page).toHaveURL(/\/onboarding\/add-to-contacts$/);

    // The first pulseChecks are in the outbox: the demo and the customer's.
    await page.goto('/dev/outbox');
    await expect(page.getByRole('article', { name: 'SMS to +12145550301' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'SMS to +12145550199' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Email to rosa@trinity-roofing.example' })).toBeVisible();
    expect(Date.now() - started).toBeLessThan(120_000);
    await saveShot(page, 'onboarding-outbox-phone', { fullPage: true });
  });
});

test('signing up through Google: the Business Profile location becomes the review source', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/onboarding\/account-details$/);
  await fillAccount(page, 'gbp@demo-dallas.example');
  await expectAccessible(page, 'onboarding account details');
  await page.getByRole('button', { name: 'Next' }).click();
  // Without a source, Google is the only way and the button reads Next.
  await expect(page.getByRole('combobox', { name: 'Search for your business' })).toHaveCount(0);
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect to Google' }).click();
  const popup = await popupPromise;
  await popup.getByRole('link', { name: /owner\.demo@gmail\.example/ }).click();
  await expect(page.getByText('Confirm your business')).toBeVisible();
  await expectAccessible(page, 'onboarding connect with Google');
  await page.getByRole('radio', { name: /Demo Plumbing Dallas/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/onboarding\/preview-pulsecheck$/);
  await expectAccessible(page, 'onboarding preview');
  await page.getByRole('button', { name: 'Next' }).click();
  await expectAccessible(page, 'onboarding add contacts');
  // Skipping the contacts goes to the finish.
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByRole('heading', { name: "It's sent! Congratulations!" })).toBeVisible();
  // The carrier registration, submitted for the location.
  await page.getByLabel('Legal business name').fill('Demo Dallas LLC');
  await page.getByLabel('Business type').selectOption('llc');
  await page.getByLabel('EIN').fill('12-3456789');
  await page.getByLabel('Street address').fill('2400 Ross Ave');
  await page.getByLabel('City').fill('Dallas');
  await page.getByLabel('State').selectOption('TX');
  await page.getByLabel('ZIP code').fill('75201');
  await page.getByLabel('Contact first name').fill('Rosa');
  await page.getByLabel('Contact last name').fill('Diaz');
  await page.getByLabel('Job title').fill('Owner');
  await page.getByLabel('Position').selectOption('CEO');
  await page.getByLabel('Contact email').fill('rosa@demo-dallas.example');
  await page.getByLabel('Contact phone').fill('2145550142');
  await page.getByRole('button', { name: 'Submit registration' }).click();
  await expect(page.getByText('Your registration was submitted. Carriers usually review it within a few days.')).toBeVisible();
});

test('the trial wizard: open with days and pulseChecks left, billing without', async ({ page }) => {
  await logIn(page, 'owner@kudo.test');
  await page.getByRole('button', { name: /Demo Plumbing Dallas/ }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/pulsecheck-wizard');
  await expect(page).toHaveURL(/\/pulsecheck-wizard\/preview-pulsecheck$/);
  await expect(page.getByRole('heading', { name: 'Turn happy customers into great reviews.' })).toBeVisible();
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await expectAccessible(page, 'wizard add contacts');

  // Austin is not on a trial: no trial days, so the wizard sends to billing.
  await page.goto('/select-location');
  await page.getByRole('button', { name: /Demo Plumbing Austin/ }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/pulsecheck-wizard/add-to-contacts');
  await expect(page).toHaveURL(/\/settings\/billing\/subscriptions$/);
});
