import { expect, test } from '@playwright/test';
import { linkFromOutbox, logIn, saveShot } from './helpers';

test('a pulseCheck sent from Dispatch is answered on a phone, and the business is alerted', async ({ page, browser }) => {
  await logIn(page, 'admin@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/operate/dispatch');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) }).nth(1);
  const technician = (await row.getByRole('heading', { level: 3 }).textContent())!.trim();
  await row.getByLabel('Phone').fill('5125550150');
  await row.getByLabel('Email').fill('pat.customer@example.com');
  await row.getByLabel('Name (optional)').fill('Pat Customer');
  await row.getByRole('button', { name: 'Send pulseCheck' }).click();
  await expect(page.getByText('pulseCheck Sent Successfully')).toBeVisible();

  const link = await linkFromOutbox(page, '+15125550150');
  expect(link).toMatch(/\/pulsecheck\/[A-Za-z0-9_-]{16}$/);

  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const customer = await phone.newPage();
  await customer.goto(link);
  await expect(customer.getByRole('heading', { name: 'How satisfied were you with the overall experience?' })).toBeVisible();
  await saveShot(customer, 'customer-mood');
  await customer.getByRole('button', { name: /Very satisfied/ }).click();

  await expect(customer.getByRole('heading', { name: 'Leave your review in seconds.' })).toBeVisible();
  await saveShot(customer, 'customer-sites');
  await customer.getByRole('button', { name: 'Google' }).click();
  await expect(customer.getByRole('heading', { name: 'Redirecting to Google...' })).toBeVisible();
  const popup = customer.waitForEvent('popup');
  await customer.getByRole('button', { name: "Let's Go!" }).click();
  await (await popup).close();
  await customer.getByRole('button', { name: 'I left a great review!' }).click();

  await expect(customer.getByRole('heading', { name: 'A few quick ratings' })).toBeVisible();
  const sliders = customer.getByRole('slider');
  await expect(sliders).toHaveCount(3);
  await sliders.first().fill('10');
  await saveShot(customer, 'customer-rating');
  await customer.getByRole('button', { name: 'Submit' }).click();

  await expect(customer.getByRole('heading', { name: 'What did you like most about your experience?' })).toBeVisible();
  await customer.getByRole('button', { name: 'Send' }).click();
  await expect(customer.getByText('Please provide a brief message')).toBeVisible();
  await customer.getByLabel('Your feedback').fill(`${technician} was quick and tidy.`);
  await saveShot(customer, 'customer-review');
  await customer.getByRole('button', { name: 'Send' }).click();
  await expect(customer.getByRole('heading', { name: 'We enjoyed your business too!' })).toBeVisible();
  await saveShot(customer, 'customer-thanks');
  // The page fits a 360 px phone: nothing scrolls sideways.
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await phone.close();

  // The positive notification contacts got an alert with the mood in the subject.
  await page.goto('/dev/outbox');
  await expect(page.getByRole('heading', { name: /^Positive pulseCheck: Pat Customer rated / }).first()).toBeVisible();
});

test('an expired link goes to not-found; a campaign preview opens the bio and a sample pulseCheck with a voice review', async ({ page }) => {
  await page.goto('/pulsecheck/AAAAAAAAAAAAAAAA');
  await expect(page.getByRole('heading', { name: 'The page you were looking for was not here!' })).toBeVisible();

  await logIn(page, 'admin@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  // From a campaign's Preview in settings: the bio opens in a new tab.
  await page.goto('/settings/dispatch/campaigns');
  const previewButton = page.getByRole('button', { name: /^Preview / }).first();
  const name = ((await previewButton.getAttribute('aria-label')) ?? (await previewButton.textContent()) ?? '').replace(/^Preview /, '').trim();
  await previewButton.click();
  const preview = page.getByRole('dialog', { name: /Preview/ });
  const popup = page.waitForEvent('popup');
  await preview.getByRole('link', { name: 'Bio' }).click();
  const bio = await popup;
  await bio.setViewportSize({ width: 360, height: 740 });
  await expect(bio.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(bio.getByRole('heading', { name: 'What customers say' })).toBeVisible();
  await expect(bio.getByText('Powered by')).toBeVisible();
  await saveShot(bio, 'customer-bio', { fullPage: true });
  expect(await bio.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await bio.close();
  const sampleHref = (await preview.getByRole('link', { name: 'Pulse Check' }).getAttribute('href'))!;
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(sampleHref);
  await expect(page.getByText('TEST TRANSACTION')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How satisfied were you with the overall experience?' })).toBeVisible();

  // A neutral customer still gets the review sites and the call-us line, then asks to be called.
  await page.getByRole('button', { name: /Okay/ }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(page.getByText('We always want to provide our Clients with a 5 star experience.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'How could we have made your experience better?' })).toBeVisible();
  await page.getByText("Eh, I'd rather speak").click();
  await page.getByRole('button', { name: 'Call me!' }).click();
  await expect(page.getByText('Please provide a valid number')).toBeVisible();
  await page.getByLabel('Your phone number').fill('5125550177');
  await page.getByRole('button', { name: 'Call me!' }).click();
  await expect(page.getByText('Calling you now…')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dev/outbox');
  await expect(page.getByRole('article', { name: /to \+15125550177/ }).getByText(/\[voice call\]/)).toBeVisible();
});
