import { expect, test } from '@playwright/test';
import { linkFromOutbox, logIn } from './helpers';

test('a user recovers their password through the link in the dev outbox', async ({ browser }) => {
  const user = await browser.newContext();
  const page = await user.newPage();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/password-recovery$/);
  // The visitor's session check may still be answering: type once the page has settled.
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Email').fill('staff@kudo.test');
  await expect(page.getByLabel('Email')).toHaveValue('staff@kudo.test');
  await page.getByRole('button', { name: 'Send Recovery Email' }).click();
  await expect(page.getByText('We sent a password recovery link to your email inbox!')).toBeVisible();

  // Someone with access to the local outbox (here, the owner) finds the email and its link.
  const reader = await (await browser.newContext()).newPage();
  await logIn(reader, 'owner@kudo.test');
  await expect(reader).toHaveURL(/\/select-location$/);
  const link = await linkFromOutbox(reader, 'staff@kudo.test');
  expect(link).toContain('/password-recovery/reset_password?im=');

  await page.goto(link);
  await page.getByLabel('New password').fill('fresh-pass1');
  await page.getByLabel('Confirm password').fill('fresh-pass1');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Your password has been updated!')).toBeVisible();

  // The link works once; the new password works.
  await page.goto(link);
  await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
  await logIn(page, 'staff@kudo.test', 'fresh-pass1');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an unknown email is offered a sign-up', async ({ page }) => {
  await page.goto('/password-recovery');
  await page.getByLabel('Email').fill('nobody@kudo.test');
  await page.getByRole('button', { name: 'Send Recovery Email' }).click();
  await expect(page.getByText("There's no user for that email. Do you want to sign up?")).toBeVisible();
});
