import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { saveShot } from './helpers';

const BANNER_TITLE = 'URGENT: Action Required for Message Delivery';

/** A new business signs up through the map search: a trial location with texting, as onboarding leaves it. */
async function signUp(page: Page, firstName: string, email: string, search: string, place: RegExp) {
  await page.goto('/onboarding?source=mvo');
  await page.getByLabel('First Name').fill(firstName);
  await page.getByLabel('Last Name').fill('Reyes');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret77');
  await page.getByLabel('Confirm Password').fill('secret77');
  await page.getByLabel('Phone').fill('(214) 555-0177');
  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('combobox', { name: 'Search for your business' }).fill(search);
  await page.getByRole('option', { name: place }).click();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/onboarding\/preview-pulsecheck$/);
}

/** The registration form's fields, as a business fills them in. */
async function fillDetails(scope: Locator, ein: string) {
  await scope.getByLabel('Legal business name').fill('White Rock Windows LLC');
  await scope.getByLabel('Business type').selectOption('llc');
  await scope.getByLabel('EIN').fill(ein);
  await scope.getByLabel('Website').fill('https://white-rock-windows.example');
  await scope.getByLabel('Street address').fill('9400 Garland Rd');
  await scope.getByLabel('City').fill('Dallas');
  await scope.getByLabel('State').selectOption('TX');
  await scope.getByLabel('ZIP code').fill('75218');
  await scope.getByLabel('Contact first name').fill('Jules');
  await scope.getByLabel('Contact last name').fill('Reyes');
  await scope.getByLabel('Job title').fill('Managing member');
  await scope.getByLabel('Position').selectOption('GM');
  await scope.getByLabel('Contact email').fill('jules@white-rock-windows.example');
  await scope.getByLabel('Contact phone').fill('(214) 555-0108');
}

test('a new trial business registers its texting from the banner: in review, then registered, and the banner goes', async ({ page }) => {
  // The local registrar takes two of its steps (CARRIER_LOCAL_STEP_SECONDS in playwright.config.ts) to decide.
  test.setTimeout(120_000);
  // A freshly onboarded trial location: texts go out, and the banner asks for the registration.
  await signUp(page, 'Casey', 'casey@lakewood-pest.example', 'Lakewood', /Lakewood Pest Solutions/);

  await page.goto('/dashboard');
  const banner = page.getByRole('alert').filter({ hasText: BANNER_TITLE });
  await expect(banner).toContainText('Your phone number is not 10DLC compliant. Messages, including Pulsechecks will not be delivered.');
  await banner.getByRole('button', { name: 'Register Now' }).click();

  const dialog = page.getByRole('dialog', { name: 'Register your business for texting' });
  // What it costs and what the trust score allows, before anything is submitted.
  await expect(dialog).toContainText('Registering costs the business $4.50 for the brand, $41.50 for its vetting and $15.00 for the campaign');
  await expect(dialog).toContainText('$10.00 a month for the campaign');
  await expect(dialog).toContainText('75 or more: 200,000');
  // Submitting without the address names the missing fields.
  await dialog.getByLabel('Legal business name').fill('Lakewood Pest Solutions LLC');
  await dialog.getByLabel('Business type').selectOption('llc');
  await dialog.getByLabel('EIN').fill('75-1234567');
  await dialog.getByLabel('Website').fill('https://lakewood-pest.example');
  await dialog.getByRole('button', { name: 'Submit registration' }).click();
  await expect(dialog.getByText('Please provide the street address of the business')).toBeVisible();
  await dialog.getByLabel('Street address').fill('6300 La Vista Dr');
  await dialog.getByLabel('City').fill('Dallas');
  await dialog.getByLabel('State').selectOption('TX');
  await dialog.getByLabel('ZIP code').fill('75214');
  await dialog.getByLabel('Contact first name').fill('Casey');
  await dialog.getByLabel('Contact last name').fill('Reyes');
  await dialog.getByLabel('Job title').fill('Owner');
  await dialog.getByLabel('Position').selectOption('CEO');
  await dialog.getByLabel('Contact email').fill('casey@lakewood-pest.example');
  await dialog.getByLabel('Contact phone').fill('(214) 555-0177');
  await expectAccessible(page, 'carrier registration form');
  await saveShot(page, 'carrier-registration-form', { fullPage: true });
  await dialog.getByRole('button', { name: 'Submit registration' }).click();
  await expect(dialog).toBeHidden();

  // In review: the banner explains the wait, and that texts keep going meanwhile.
  const reviewBanner = page.getByRole('alert').filter({ hasText: BANNER_TITLE });
  await expect(reviewBanner).toContainText('In review (usually days)');
  await expect(reviewBanner).toContainText('carriers may filter them until the registration is approved');
  await saveShot(page, 'carrier-registration-banner-in-review');
  await expectAccessible(page, 'carrier registration in review (banner)');

  await reviewBanner.getByRole('link', { name: 'View registration' }).click();
  await expect(page).toHaveURL(/\/settings\/messaging\/registration$/);
  await expect(page.getByRole('heading', { name: 'Texting Registration' })).toBeVisible();
  const steps = page.getByRole('list', { name: 'Registration steps' });
  await expect(steps).toBeVisible();
  await expect(page.getByText('In review (usually days)').first()).toBeVisible();
  await saveShot(page, 'carrier-registration-settings-in-review', { fullPage: true });
  await expectAccessible(page, 'carrier registration settings in review');

  // The local registrar approves after its timer: the screen says Registered and the banner is gone.
  await expect(page.getByText('Registered', { exact: true })).toBeVisible({ timeout: 45_000 });
  await expect(steps.getByText('Approved')).toHaveCount(4);
  await expect(page.getByText(/Your brand's trust score is 75: carriers allow up to 200,000 texts a day\./)).toBeVisible();
  await expect(page.getByText(BANNER_TITLE)).toHaveCount(0);
  await expectAccessible(page, 'carrier registration settings registered');
  await saveShot(page, 'carrier-registration-settings-registered', { fullPage: true });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText(BANNER_TITLE)).toHaveCount(0);
  await saveShot(page, 'carrier-registration-dashboard-registered');

  // The owner heard of the approval once.
  await page.goto('/dev/outbox');
  await expect(page.getByRole('article', { name: 'Email to casey@lakewood-pest.example' }).filter({ hasText: 'texting registration approved' })).toHaveCount(1);
});

test('a refused EIN: the reason on the banner and the screen, the form opens with the EIN marked, a corrected EIN goes back to review', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, 'Jules', 'jules@white-rock-windows.example', 'White Rock', /White Rock Windows/);
  await page.goto('/settings/messaging/registration');
  await expect(page.getByText('Not registered', { exact: true })).toBeVisible();
  // The local registrar's carriers refuse the EIN 00-0000000.
  const form = page.getByRole('form', { name: 'Business details for texting registration' });
  await fillDetails(form, '00-0000000');
  await form.getByRole('button', { name: 'Submit registration' }).click();
  await expect(page.getByText('In review (usually days)').first()).toBeVisible();

  const reason = 'The EIN does not match the legal business name in the IRS records.';
  await expect(page.getByText(`Failed: ${reason}`).first()).toBeVisible({ timeout: 45_000 });
  const ein = form.getByLabel('EIN');
  await expect(ein).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText(reason)).toBeVisible();
  await saveShot(page, 'carrier-registration-settings-failed', { fullPage: true });
  await expectAccessible(page, 'carrier registration failed');

  // The banner says it failed and why, and its button opens the form with the EIN marked.
  const banner = page.getByRole('alert').filter({ hasText: BANNER_TITLE });
  await expect(banner).toContainText(`Failed: ${reason}`);
  await banner.getByRole('button', { name: 'Fix and resubmit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register your business for texting' });
  await expect(dialog.getByLabel('EIN')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Legal business name')).toHaveValue('White Rock Windows LLC');
  await saveShot(page, 'carrier-registration-banner-fix');
  await expectAccessible(page, 'carrier registration fix form');
  await dialog.getByLabel('EIN').fill('75-7654321');
  await expect(dialog.getByLabel('EIN')).not.toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'Resubmit registration' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('In review (usually days)').first()).toBeVisible();
});
