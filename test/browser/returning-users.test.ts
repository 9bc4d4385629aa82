import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  AUTHORIZE,
  createPartner,
  demo,
  enterCredential,
  enterPassword,
  expectAccessible,
  harnessPerFile,
} from './harness.ts';

const harness = harnessPerFile();

/** Every `data-screen` the page ever showed, in order, so a flash of an error page cannot hide. */
async function recordScreens(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (globalThis as unknown as { __screens: string[] }).__screens = seen;
    new MutationObserver(() => {
      const screen = document.querySelector('section[data-screen]')?.getAttribute('data-screen');
      if (screen && seen.at(-1) !== screen) seen.push(screen);
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  return () => page.evaluate(() => (globalThis as unknown as { __screens: string[] }).__screens);
}

/** Requests the page makes between authorize and the app's callback, and how long that takes. */
async function timeToCallback(page: Page, start: () => Promise<unknown>, callbackPath: string) {
  let requests = 0;
  const paths: string[] = [];
  const count = (request: { url(): string }) => {
    requests += 1;
    paths.push(new URL(request.url()).pathname);
  };
  page.on('request', count);
  const began = Date.now();
  await start();
  await page.waitForURL((url) => url.pathname === callbackPath || url.pathname.endsWith('/callback'));
  await page.getByTestId('access-token-verified').waitFor();
  page.off('request', count);
  return { requests, paths, milliseconds: Date.now() - began };
}

async function signInThroughDemoApp(page: Page, remember = false) {
  await page.goto(`${harness().origin}/demo-app`);
  await page.getByTestId('sign-in').click();
  await page.waitForURL(/#\/enterCredential$/);
  if (remember) await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await enterCredential(page, demo.ada.email);
  await enterPassword(page, demo.ada.password);
  await page.waitForURL(/#\/consent$/);
  await page.getByRole('button', { name: AUTHORIZE }).click();
  await expect.poll(() => page.getByTestId('access-token-verified').textContent()).toBe('valid');
}

describe('returning users: one platform session, the picker, sign out', () => {
  it('a second app opens without a password; both demo apps sign out, then sign-in asks again', async () => {
    const { page } = await harness().newPage();
    const first = await timeToCallback(page, () => signInThroughDemoApp(page), '/demo-app/callback');
    const screens = await recordScreens(page);
    await page.getByTestId('other-app').click();
    const second = await timeToCallback(
      page,
      () => page.getByTestId('sign-in').click(),
      '/demo-notes/callback',
    );
    expect(await screens()).toEqual([]); // No Foyer screen at all: straight back to Demo Notes.
    // One redirect (docs/sessions.md): authorize answers with the code; the page is never loaded.
    expect(second.paths.slice(0, 3)).toEqual([
      '/demo-notes/login',
      '/oauth/authorize',
      '/demo-notes/callback',
    ]);
    expect(second.requests).toBeLessThan(first.requests);
    console.info(
      `returning user: first app ${first.requests} requests, ${first.milliseconds} ms (typing included); second app ${second.requests} requests, ${second.milliseconds} ms`,
    );

    await page.getByTestId('sign-out').click();
    await page.getByTestId('signed-out').waitFor();
    expect(await page.getByTestId('state-mismatch').count()).toBe(0);
    await page.getByTestId('start-again').click();
    await page.getByTestId('sign-in').click();
    await page.waitForURL(/#\/enterCredential$/);
  });

  it('without force and without a session the first screen shows, never an error page', async () => {
    const { page } = await harness().newPage();
    const screens = await recordScreens(page);
    const callback = encodeURIComponent(`${harness().origin}/demo-app/callback`);
    await page.goto(`${harness().origin}/?clientId=demo-app&appUrlScheme=${callback}&state=s1`);
    await page.waitForURL(/#\/enterCredential$/);
    await page.getByLabel('Email or phone number').waitFor();
    // The start-up spinner, then the credential page: no error or warning page, not even for a moment.
    expect((await screens()).filter((screen) => screen !== 'progress')).toEqual(['enterCredential']);
  });

  it('prompt=login asks again although signed in; prompt=none answers login_required without a session', async () => {
    const { page } = await harness().newPage();
    const partner = await createPartner(harness().origin);
    const silent = new URL(partner.authorizationUrl);
    silent.searchParams.set('prompt', 'none');
    // The answer is the authorisation endpoint's own redirect: no Foyer page, no UI at all.
    await page.goto(silent.href);
    const answer = new URL(page.url());
    expect(answer.pathname).toBe('/demo-app/callback');
    expect(answer.searchParams.get('error')).toBe('login_required');
    expect(answer.searchParams.get('state')).toBe(partner.state);

    const { page: signedIn } = await harness().newPage();
    await signInThroughDemoApp(signedIn);
    const again = new URL(partner.authorizationUrl);
    again.searchParams.set('prompt', 'login');
    await signedIn.goto(again.href);
    await signedIn.waitForURL(/#\/enterCredential$/);
  });

  it('the picker: continue as a signed-in account, use another, remove, sign out of all', async () => {
    const { page } = await harness().newPage();
    await signInThroughDemoApp(page, true);
    const partner = await createPartner(harness().origin);
    const choose = new URL(partner.authorizationUrl);
    choose.searchParams.set('prompt', 'select_account');
    const callback = await partner.captureCallback(page);

    await page.goto(choose.href);
    await page.waitForURL(/#\/selectAccount$/);
    const row = page.getByRole('button', { name: /^Ada/ });
    await expect.poll(() => row.textContent()).toContain('a***a@e***e.com');
    expect(await row.textContent()).toContain('Signed in');
    await expectAccessible(page, 'account picker');
    await row.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/consent$/);
    await page.getByRole('button', { name: AUTHORIZE }).click();
    expect((await callback()).searchParams.get('code')).toBeTruthy();
    await page.waitForURL(/\/demo-app\/callback/);

    await page.goto(choose.href);
    await page.getByRole('button', { name: 'Use another account' }).click();
    await page.waitForURL(/#\/enterCredential$/);
    expect(await page.getByLabel('Email or phone number').inputValue()).toBe('');

    await page.goBack();
    await page.waitForURL(/#\/selectAccount$/);
    await page.getByRole('button', { name: 'Sign out of all accounts' }).click();
    await page.waitForURL(/#\/signedOut$/);
    await page.getByRole('heading', { name: 'You have signed out' }).waitFor();
    await expectAccessible(page, 'signed-out page');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Remembered, no longer signed in: the picker again; removing the account leaves the credential page.
    await page.waitForURL(/#\/selectAccount$/);
    await expect.poll(() => page.getByRole('button', { name: /^Ada/ }).textContent()).toContain('Signed out');
    await page.getByRole('button', { name: /^Remove Ada/ }).click();
    await page.waitForURL(/#\/enterCredential$/);
    expect(await page.evaluate(() => localStorage.getItem('foyer.accounts'))).toBeNull();
  });
  it('sign out everywhere also revokes what apps hold, and the demo app is told (Back-Channel Logout)', async () => {
    const { context, page } = await harness().newPage();
    await signInThroughDemoApp(page);
    const refreshToken = (await page.locator('#refresh-token').textContent()) ?? '';
    // The picker in a second tab of the same browser; the demo app's tokens stay open in the first.
    const picker = await context.newPage();
    const partner = await createPartner(harness().origin);
    const choose = new URL(partner.authorizationUrl);
    choose.searchParams.set('prompt', 'select_account');
    await picker.goto(choose.href);
    await picker.getByRole('button', { name: 'Sign out everywhere' }).click();
    await picker.waitForURL(/#\/signedOut$/);
    // Revoked at once, whoever holds it.
    const refused = await fetch(`${harness().origin}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: 'demo-app',
        refresh_token: refreshToken,
      }),
    });
    expect(((await refused.json()) as { error: string }).error).toBe('invalid_grant');
    // The demo app heard of it from Foyer (a logout token, posted moments after) and forgot its tokens.
    await expect
      .poll(async () => {
        await page.goto(`${harness().origin}/demo-app`);
        return page.getByTestId('signed-out-elsewhere').count();
      })
      .toBe(1);
  });
});
