import { expect, test, type Page } from '@playwright/test';
import { logIn, saveShot } from './helpers';

const SCREEN = '/settings/general/connect-social-media';
const keysOf = (page: Page) => page.locator('ul[aria-label="Review and homepage links"] > li').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key')));
const orderSaved = (page: Page) => page.waitForResponse((r) => r.url().includes('/social-media/update-order') && r.status() === 200);

test('connect a place by its ID, set review links, reorder them and keep the order', async ({ page }) => {
  await logIn(page, 'admin@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(SCREEN);
  await expect(page.getByRole('heading', { name: 'Google Place ID' })).toBeVisible();
  await expect(page.getByTestId('place-id')).toHaveText('ChIJdemoAustinPlumbing0001');
  await saveShot(page, 'social-connect-social-media', { fullPage: true });

  // Search on the map, with the keyboard.
  const search = page.getByRole('combobox', { name: 'Search for your business' });
  await search.fill('roofing');
  await expect(page.getByRole('option', { name: /Capital City Roofing/ })).toBeVisible();
  await saveShot(page, 'social-place-search');
  await search.press('Escape');

  // Can't find your business? Enter the Place ID by hand.
  await page.getByRole('button', { name: "Can't find your business?" }).click();
  const finder = page.getByRole('dialog', { name: "Can't find your business?" });
  await finder.getByLabel('Google Place ID').fill('ChIJunknown');
  await finder.getByRole('button', { name: 'Find Business' }).click();
  await expect(finder.getByText('Unfortunately, we are unable to locate this ID. Please double check and try again.')).toBeVisible();
  await finder.getByLabel('Google Place ID').fill('ChIJdemoLoneStarHvac000003');
  await finder.getByRole('button', { name: 'Find Business' }).click();
  await expect(finder.getByText('Lone Star Heating & Air')).toBeVisible();
  await saveShot(page, 'social-find-business');
  await finder.getByRole('button', { name: 'Use This Business' }).click();
  await page.getByRole('button', { name: 'Save Google Data' }).click();
  await expect(page.getByText('Your Google data was saved.')).toBeVisible();
  await expect(page.getByTestId('place-id')).toHaveText('ChIJdemoLoneStarHvac000003');
  await expect(page.getByTestId('link-google').getByText(/writereview\?placeid=ChIJdemoLoneStarHvac000003/)).toBeVisible();

  // Add a site by its homepage; a wrong site's link warns and opens the edit dialog.
  await page.getByRole('button', { name: 'Add Porch' }).click();
  const add = page.getByRole('dialog', { name: 'Add Porch' });
  await add.getByLabel('Porch homepage').fill('https://www.yelp.com/biz/demo');
  await add.getByRole('button', { name: 'Add' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Porch Links' });
  await expect(edit.getByText('This link does not look like a Porch page. Please check it before saving.')).toBeVisible();
  await expect(edit.getByLabel('Homepage')).toHaveValue('https://www.yelp.com/biz/demo');
  await edit.getByLabel('Homepage').fill('https://porch.com/austin-tx/plumbers/demo-plumbing/pp');
  await edit.getByLabel('Review page').fill('https://porch.com/austin-tx/plumbers/demo-plumbing/pp#reviews');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Successfully added account')).toBeVisible();

  // A custom link needs a title.
  await page.getByRole('button', { name: 'Add Custom Link' }).click();
  const custom = page.getByRole('dialog', { name: 'Add Custom Link' });
  await custom.getByLabel('Homepage').fill('https://www.thumbtack.com/tx/austin/plumbers/demo');
  await custom.getByRole('button', { name: 'Save' }).click();
  await expect(custom.getByText('Please provide a title')).toBeVisible();
  await custom.getByLabel('Title').fill('Thumbtack');
  await saveShot(page, 'social-custom-link');
  await custom.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Successfully added custom link')).toBeVisible();

  // Clear a site.
  await page.getByRole('button', { name: 'Clear Links for Houzz' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Clear Links' }).or(page.getByRole('dialog').getByRole('button', { name: 'Clear Links' })).click();
  await expect(page.getByText('Successfully cleared account')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Houzz' })).toBeVisible();

  // Drag Porch two places up with the mouse.
  const before = await keysOf(page);
  const at = before.indexOf('porch');
  const porchHandle = page.getByRole('button', { name: 'Reorder Porch' });
  await porchHandle.scrollIntoViewIfNeeded();
  const from = (await porchHandle.boundingBox())!;
  const to = (await page.getByTestId(`link-${before[at - 2]}`).boundingBox())!;
  let saved = orderSaved(page);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 4 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2 - 6, { steps: 15 });
  await page.mouse.up();
  await saved;
  const moved = [...before];
  moved.splice(at, 1);
  moved.splice(at - 2, 0, 'porch');
  await expect.poll(() => keysOf(page)).toEqual(moved);

  // And the custom link one place up with the keyboard.
  const afterMouse = await keysOf(page);
  const thumbtack = afterMouse.at(-1)!;
  saved = orderSaved(page);
  const thumbHandle = page.getByRole('button', { name: 'Reorder Thumbtack' });
  await thumbHandle.focus();
  await page.keyboard.press('Space');
  await expect(thumbHandle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowUp');
  // The list measures the new position on the next frames before the drop.
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
  await saved;
  const expected = [...afterMouse.slice(0, -2), thumbtack, afterMouse.at(-2)!];
  await expect.poll(() => keysOf(page)).toEqual(expected);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Social Media Review & Homepages' })).toBeVisible();
  await expect.poll(() => keysOf(page)).toEqual(expected);
  await expect(page.getByTestId('place-id')).toHaveText('ChIJdemoLoneStarHvac000003');
  await saveShot(page, 'social-after-reorder', { fullPage: true });
});

test('sign in with Google through the popup and pick a location; Facebook without pages', async ({ page }) => {
  await logIn(page, 'admin@kudo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(SCREEN);
  const google = page.getByTestId('google-connection');
  await expect(google.getByText('Connected')).toBeVisible();
  await google.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('dialog').or(page.getByRole('alertdialog')).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('You signed out of Google.')).toBeVisible();

  const popupPromise = page.waitForEvent('popup');
  await google.getByRole('button', { name: 'Sign in with Google' }).click();
  const popup = await popupPromise;
  await expect(popup.getByRole('heading', { name: 'Kudo local Google sign-in' })).toBeVisible();
  await saveShot(popup, 'social-google-consent');
  await popup.getByRole('link', { name: /owner\.demo@gmail\.example/ }).click();
  await expect(google.getByRole('radio', { name: /Demo Plumbing Austin/ })).toBeVisible();
  await google.getByRole('radio', { name: /Demo Plumbing Dallas/ }).check();
  await google.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your Google location was saved.')).toBeVisible();
  await expect(page.getByTestId('place-id')).toHaveText('ChIJdemoDallasPlumbing0002');

  const facebook = page.getByTestId('facebook-connection');
  await facebook.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('dialog').or(page.getByRole('alertdialog')).getByRole('button', { name: 'Sign out' }).click();
  await expect(facebook.getByText('Not connected')).toBeVisible();
  const fbPopupPromise = page.waitForEvent('popup');
  await facebook.getByRole('button', { name: 'Sign in with Facebook' }).click();
  const fbPopup = await fbPopupPromise;
  await fbPopup.getByRole('link', { name: /Pat Newcomer/ }).click();
  await expect(facebook.getByText('No pages found.')).toBeVisible();
  await saveShot(page, 'social-connections', { fullPage: true });

  // A popup cut off from this window sends the code back through the screen's address; only this browser's state counts.
  await page.evaluate(() => localStorage.setItem('kudo-oauth-state:facebook', 'state-from-this-browser'));
  await page.goto(`${SCREEN}?oauth=facebook&code=local-facebook:1&state=someone-elses-state`);
  await expect(page).toHaveURL(/connect-social-media$/);
  await expect(facebook.getByText('No pages found.')).toBeVisible();
  await page.goto(`${SCREEN}?oauth=facebook&code=local-facebook:1&state=state-from-this-browser`);
  await expect(facebook.getByRole('radio', { name: /Demo Plumbing Austin/ })).toBeVisible();
  await expect(page).toHaveURL(/connect-social-media$/);
});
