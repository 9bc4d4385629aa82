import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  brandOf,
  button,
  expectTokens,
  type SignInOptions,
  scrollsSideways,
  signInAs,
} from './emergency.helpers.ts';
import {
  AUTHORIZE,
  enterCredential,
  enterPassword,
  expectAccessible,
  harnessPerFile,
  iPhone,
} from './harness.ts';

/**
 * Issue 13's notices in a real Chromium against the real server (docs/notices.md): the FedRAMP notice
 * (720) and the terms of service (730) after consent, each through to the demo app's tokens or its
 * access_denied, and the retired-app notice (216) a retired client's authorisation request opens.
 * One database for the file: a test that accepts an account's terms comes after every test that
 * needs that account's 730.
 */
const harness = harnessPerFile();
const signIn = (email: string, options: SignInOptions = {}) => signInAs(harness(), email, options);

/** A notice page, settled (its own data-screen inside the notices screen). */
async function onNotice(page: Page, route: RegExp, screen: string) {
  await page.waitForURL(route);
  await page.locator(`[data-screen="notices"] [data-screen="${screen}"]`).waitFor();
}
const onFedramp = (page: Page) => onNotice(page, /#\/notification\/FEDRAMP$/, 'fedrampNotice');
/** The terms page once its terms are in (its box shows with them). */
async function onTerms(page: Page) {
  await onNotice(page, /#\/termsOfService$/, 'termsOfService');
  await agreeBox(page).waitFor();
}
const agreeBox = (page: Page) =>
  page.getByRole('checkbox', { name: 'I have read and accept the terms of service' });
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

describe('the FedRAMP notice (spec §4 720)', () => {
  it('fedramp@: after consent, the notice at /notification/FEDRAMP, axe-clean; Accept and the app gets its tokens', async () => {
    const { page, partner, callback } = await signIn('fedramp@example.com');
    await onFedramp(page);
    expect(await brandOf(page)).toBe('1210');
    expect(await page.title()).toBe('U.S. Government system use notification');
    await page.getByText(/You are accessing a U.S. Government \(USG\) Information System/).waitFor();
    await expectAccessible(page, 'FedRAMP notice, brand 1210');
    await button(page, 'Accept').click();
    await expectTokens(partner, callback);
  });

  it('fedramp@ through the demo app: Decline returns access_denied to the app', async () => {
    const { page } = await harness().newPage();
    await page.goto(`${harness().origin}/demo-app`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await enterCredential(page, 'fedramp@example.com');
    await enterPassword(page, 'Violet-Harbor-47');
    await page.waitForURL(/#\/consent$/);
    await page.getByRole('button', { name: AUTHORIZE }).click();
    await onFedramp(page);
    await button(page, 'Decline').click();
    await page.waitForURL(new RegExp(`^${harness().origin}/demo-app/callback`));
    await expect.poll(() => page.locator('#oauth-error').textContent()).toBe('access_denied');
    expect(await page.locator('#oauth-error-description').textContent()).toBe(
      'The user did not accept the notice required to sign in',
    );
  });

  it('fedramp@ on a phone (1210): axe-clean, no sideways scroll', async () => {
    const { page } = await signIn('fedramp@example.com', { mobile: true });
    await onFedramp(page);
    expect(await page.locator('[data-layout]').getAttribute('data-layout')).toBe('mobile');
    expect(await scrollsSideways(page)).toBe(false);
    await expectAccessible(page, 'FedRAMP notice, brand 1210 (mobile)');
    // Another notice's address typed in changes nothing: the notice stays and puts its own back.
    await page.evaluate(() => {
      window.location.hash = '#/termsOfService';
    });
    await onFedramp(page);
  });
});

describe('the terms of service (730)', () => {
  it('tos@: the updated terms, axe-clean on a phone; Accept unticked is refused at the box', async () => {
    const { page } = await signIn('tos@example.com', { mobile: true });
    await onTerms(page);
    await page.getByRole('heading', { level: 1, name: 'Our terms of service have been updated' }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await expectAccessible(page, 'terms of service, brand 1210 (mobile)');
    await button(page, 'Accept').tap();
    await page
      .getByText('To continue, tick the box to accept the terms of service, or choose Decline.')
      .waitFor();
    await expect.poll(() => focusedId(page)).toBe('terms-agree');
    expect(await agreeBox(page).getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'terms of service with the box refused, brand 1210 (mobile)');
  });

  it('tos@: a reload on the terms asks again after consent, and the terms come back', async () => {
    const { page } = await signIn('tos@example.com');
    await onTerms(page);
    await page.reload();
    await page.waitForURL(/#\/consent$/);
    await page.getByRole('button', { name: AUTHORIZE }).click();
    await onTerms(page);
  });

  it('tos@: tick, Accept, and the app gets its tokens; the next sign-in asks no more', async () => {
    const { page, partner, callback } = await signIn('tos@example.com');
    await onTerms(page);
    expect(await page.getByText(/Effective September 1, 2026/).count()).toBe(1);
    await expectAccessible(page, 'terms of service, brand 1210');
    await agreeBox(page).check();
    await button(page, 'Accept').click();
    await expectTokens(partner, callback);
    const again = await signIn('tos@example.com');
    expect((await again.callback()).searchParams.get('code')).toBeTruthy();
  });
});

describe.each([
  ['7710', 'notices7710@example.com'],
  ['7310', 'notices7310@example.com'],
])('both notices on brand %s', (brandId, email) => {
  it('desktop: the FedRAMP notice, then the terms, axe-clean in the brand; Decline on the terms returns access_denied', async () => {
    const { page, callback } = await signIn(email, { brandId });
    await onFedramp(page);
    expect(await brandOf(page)).toBe(brandId);
    await expectAccessible(page, `FedRAMP notice, brand ${brandId}`);
    await button(page, 'Accept').click();
    await onTerms(page);
    expect(await brandOf(page)).toBe(brandId);
    await expectAccessible(page, `terms of service, brand ${brandId}`);
    await button(page, 'Decline').click();
    const url = await callback();
    expect(url.searchParams.get('error')).toBe('access_denied');
  });

  it('on a phone: both notices axe-clean without sideways scroll; accepted, the app gets its tokens', async () => {
    const { page, partner, callback } = await signIn(email, { brandId, mobile: true });
    await onFedramp(page);
    expect(await scrollsSideways(page)).toBe(false);
    await expectAccessible(page, `FedRAMP notice, brand ${brandId} (mobile)`);
    await button(page, 'Accept').tap();
    await onTerms(page);
    expect(await scrollsSideways(page)).toBe(false);
    await expectAccessible(page, `terms of service, brand ${brandId} (mobile)`);
    await agreeBox(page).tap();
    await button(page, 'Accept').tap();
    await expectTokens(partner, callback);
  });
});

/** The retired client's authorisation request, as its app would send it (PKCE S256, state). */
function retiredAuthorizeUrl(brandId: string) {
  const origin = harness().origin;
  const url = new URL('/oauth/authorize', origin);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: 'retired-app',
    redirect_uri: `${origin}/retired-app/callback`,
    state: 'retired-state',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    brand_id: brandId,
  }).toString();
  return url.href;
}

describe('the retired-app notice (216)', () => {
  it.each([
    ['1210', false],
    ['1210', true],
    ['7710', false],
    ['7710', true],
    ['7310', false],
    ['7310', true],
  ])(
    'brand %s (mobile: %s): the app, its replacement and the steps, nothing back to the app, axe-clean',
    async (brandId, mobile) => {
      const { page } = await harness().newPage(mobile ? iPhone : {});
      const leftForTheApp: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/retired-app/callback')) leftForTheApp.push(request.url());
      });
      await page.goto(retiredAuthorizeUrl(brandId));
      await onNotice(page, /#\/retiredApp$/, 'retiredApp');
      await page.getByRole('heading', { level: 1, name: 'Foyer Classic has been retired' }).waitFor();
      expect(await brandOf(page)).toBe(brandId);
      // The date in the brand's locale: British English (7710) puts the day first.
      const retiredOn = brandId === '7710' ? '30 June 2026' : 'June 30, 2026';
      await page.getByText(`It was retired on ${retiredOn}.`).waitFor();
      await page.getByText('Demo Notes replaces it. Sign in to Demo Notes with the same account.').waitFor();
      expect(await page.getByRole('link', { name: /Get the Demo Notes app/ }).getAttribute('href')).toBe(
        'https://apps.example.com/app/demo-notes',
      );
      const buttons = await page.locator('[data-screen="retiredApp"] button').allTextContents();
      expect(buttons).toEqual(['Copy download link']);
      if (mobile) expect(await scrollsSideways(page)).toBe(false);
      await expectAccessible(page, `retired-app notice, brand ${brandId}${mobile ? ' (mobile)' : ''}`);
      expect(leftForTheApp).toEqual([]);
    },
  );
});
