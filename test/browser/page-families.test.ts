import { describe, expect, it } from 'vitest';
import {
  AUTHORIZE,
  createPartner,
  demo,
  enterCredential,
  enterPassword,
  expectAccessible,
  harnessPerFile,
  settledScreen,
} from './harness.ts';

// Page families beyond the main path, each reached the way a user reaches it and checked with axe.
const harness = harnessPerFile();

async function authorizeWith(extra: Record<string, string>) {
  const partner = await createPartner(harness().origin);
  for (const [name, value] of Object.entries(extra)) partner.authorizationUrl.searchParams.set(name, value);
  const { page } = await harness().newPage();
  await page.goto(partner.authorizationUrl.href);
  await page.waitForURL(/#\/enterCredential$/);
  return { page, partner };
}

describe('title bar and back to the app (spec §2 title_bar, show_back_to_app)', () => {
  it('names the app and returns to it with user_cancelled', async () => {
    const { page, partner } = await authorizeWith({
      title_bar: 'true',
      appName: 'Harbour Notes',
      ui_options: 'show_back_to_app',
    });
    await expect.poll(() => page.getByTestId('title-bar').textContent()).toContain('Harbour Notes');
    await expectAccessible(page, 'credential page with the title bar');
    const callback = await partner.captureCallback(page);
    await page.getByRole('button', { name: 'Back to Harbour Notes' }).click();
    const returned = await callback();
    expect(returned.searchParams.get('error')).toBe('user_cancelled');
    expect(returned.searchParams.get('state')).toBe(partner.state);
  });
});

describe('a theme the partner asks for (spec §2 theme)', () => {
  it('theme=dark dresses the default brand dark and stays accessible', async () => {
    const { page } = await authorizeWith({ theme: 'dark' });
    const root = page.locator('[data-brand]');
    await expect
      .poll(() => root.evaluate((node) => getComputedStyle(node).backgroundColor))
      .toBe('rgb(18, 20, 23)');
    await expectAccessible(page, 'credential page, dark theme');
  });
});

describe('login automation (spec §2, §4 loginAutomation=1)', () => {
  it('signs in, keeps the code redirect for the automation and shows the notification instead', async () => {
    const { page, partner } = await authorizeWith({ loginAutomation: '1', prompt: 'login' });
    await enterCredential(page, demo.ada.email);
    await page.waitForURL(/#\/enterPassword\//);
    await enterPassword(page, demo.ada.password);
    await page.getByRole('button', { name: AUTHORIZE }).click();
    await page.waitForURL(/#\/loginAutomationNotification$/);
    await page.getByRole('heading', { name: 'Signed in for automation' }).waitFor();
    const target = await page.evaluate(() => sessionStorage.getItem('foyer.loginAutomationTarget'));
    const kept = new URL(target ?? '');
    expect(`${kept.origin}${kept.pathname}`).toBe(partner.redirectUri);
    expect(kept.searchParams.get('code')).toBeTruthy();
    expect(kept.searchParams.get('state')).toBe(partner.state);
    await expectAccessible(page, 'login automation notification');
  });
});

describe('no-permission pages (spec §4: 206, 209–212)', () => {
  it.each([
    ['NO_RCM_PERMISSION'],
    ['NO_RCM_PERMISSION/SUNSET'],
    ['NO_RCM_PERMISSION/MIGRATION'],
    ['NO_RCM_PERMISSION/SUNSET_NOTIFICATION'],
  ])('%s is accessible and offers to switch account', async (code) => {
    const { page } = await harness().newPage();
    const query = new URLSearchParams({ clientId: demo.clientId, force: 'true', errorCode: code });
    await page.goto(`${harness().origin}/?${query}`);
    await page.waitForURL(new RegExp(`#/error/${code}$`));
    await expectAccessible(page, `${code} page`);
    await page.getByRole('button', { name: 'Switch account' }).click();
    await page.waitForURL(/#\/enterCredential$/);
    expect(await settledScreen(page).getAttribute('data-screen')).toBe('enterCredential');
  });
});

describe('the session-token warning page (spec §4: 221, 222, 223, 227)', () => {
  it('is accessible and leads back to the login page', async () => {
    const { page } = await harness().newPage();
    const query = new URLSearchParams({ clientId: demo.clientId, force: 'true' });
    await page.goto(`${harness().origin}/?${query}#/warning/221`);
    await expect
      .poll(() => page.getByTestId('error-message').textContent())
      .toContain('Invalid request. Go back to login page and request again.');
    await expectAccessible(page, 'warning page');
    await page.getByRole('button', { name: 'Go back to login page' }).click();
    await page.waitForURL(/#\/enterCredential$/);
  });
});
