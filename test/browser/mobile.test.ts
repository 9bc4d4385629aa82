import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AUTHORIZE, createPartner, demo, expectAccessible, harnessPerFile, iPhone } from './harness.ts';

const harness = harnessPerFile();

const layoutOf = (page: Page) => page.locator('[data-layout]').getAttribute('data-layout');

/** Nothing wider than the screen: a mobile layout that scrolls sideways is not one. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('mobile layout (spec §2: detected mobile devices get the mobile layout)', () => {
  it('an iPhone gets the mobile layout, signs in end to end by touch, and every screen is axe-clean', async () => {
    const partner = await createPartner(harness().origin);
    const { page } = await harness().newPage(iPhone);
    const callback = await partner.captureCallback(page);
    await page.goto(partner.authorizationUrl.href);
    await page.waitForURL(/#\/enterCredential$/);
    expect(await layoutOf(page)).toBe('mobile');
    expect(await scrollsSideways(page)).toBe(false);
    await expectAccessible(page, 'credential page (mobile)');

    await page.getByLabel('Email or phone number').fill(demo.ada.email);
    await page.getByRole('button', { name: 'Next' }).tap();
    await page.waitForURL(/#\/enterPassword\/email\/ada%40example\.com$/);
    expect(await layoutOf(page)).toBe('mobile');
    expect(await scrollsSideways(page)).toBe(false);
    await expectAccessible(page, 'password page (mobile)');

    await page.getByLabel('Password', { exact: true }).fill(demo.ada.password);
    await page.getByRole('button', { name: 'Sign in' }).tap();
    await page.waitForURL(/#\/consent$/);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain('Demo Partner App');
    expect(await layoutOf(page)).toBe('mobile');
    expect(await scrollsSideways(page)).toBe(false);
    await expectAccessible(page, 'consent page (mobile)');

    await page.getByRole('button', { name: AUTHORIZE }).tap();
    const tokens = await partner.exchange(await callback());
    expect(tokens.access_token).toBeTruthy();
  });

  it('the mobile error page is axe-clean too', async () => {
    const partner = await createPartner(harness().origin);
    const { page } = await harness().newPage(iPhone);
    const hostile = new URL(partner.authorizationUrl);
    hostile.searchParams.set('redirect_uri', 'https://attacker.example/steal');
    await page.goto(hostile.href);
    await page.waitForURL(/#\/error\/API_ERROR_208$/);
    expect(await layoutOf(page)).toBe('mobile');
    expect(await scrollsSideways(page)).toBe(false);
    await expectAccessible(page, 'error page (mobile)');
  });

  it('the account picker on a phone: mobile layout, no sideways scroll, axe-clean, a tap continues', async () => {
    const partner = await createPartner(harness().origin);
    const { page } = await harness().newPage(iPhone);
    const remembered = [{ loginId: demo.ada.email, displayName: 'Ada Fairweather', brandId: '1210' }];
    await page.addInitScript((value) => {
      // Not on about:blank, which the page is closed from: it has no storage, and reading it throws.
      if (location.protocol.startsWith('http')) localStorage.setItem('foyer.accounts', value);
    }, JSON.stringify(remembered));
    await page.goto(partner.authorizationUrl.href);
    await page.waitForURL(/#\/selectAccount$/);
    const row = page.getByRole('button', { name: /^Ada Fairweather/ });
    await row.waitFor();
    expect(await layoutOf(page)).toBe('mobile');
    expect(await scrollsSideways(page)).toBe(false);
    await expectAccessible(page, 'account picker (mobile)');
    await row.tap();
    await page.waitForURL(/#\/enterPassword\/email\/ada%40example\.com$/);
  });

  it('display=touch on a desktop browser also gives the mobile layout', async () => {
    const partner = await createPartner(harness().origin);
    const { page } = await harness().newPage({ viewport: { width: 1280, height: 800 } });
    const touch = new URL(partner.authorizationUrl);
    touch.searchParams.set('display', 'touch');
    await page.goto(touch.href);
    await page.waitForURL(/#\/enterCredential$/);
    expect(page.url()).toContain('display=touch');
    expect(await layoutOf(page)).toBe('mobile');
    await expectAccessible(page, 'credential page (display=touch)');
  });

  it('a desktop browser gets the desktop layout', async () => {
    const partner = await createPartner(harness().origin);
    const { page } = await harness().newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(partner.authorizationUrl.href);
    await page.waitForURL(/#\/enterCredential$/);
    expect(await layoutOf(page)).toBe('desktop');
    // The two layouts must differ in more than an attribute: the card is laid out differently.
    const desktopWidth = await page.locator('main').evaluate((main) => main.getBoundingClientRect().width);
    const { page: touchPage } = await harness().newPage({ viewport: { width: 1280, height: 800 } });
    const touch = new URL(partner.authorizationUrl);
    touch.searchParams.set('display', 'touch');
    await touchPage.goto(touch.href);
    await touchPage.waitForURL(/#\/enterCredential$/);
    const mobileWidth = await touchPage
      .locator('main')
      .evaluate((main) => main.getBoundingClientRect().width);
    expect(mobileWidth).not.toBe(desktopWidth);
  });
});
