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

const NO_CONNECTION = 'The service is temporarily unavailable. Check your network connection.';

async function openSignIn() {
  const partner = await createPartner(harness().origin);
  const { context, page } = await harness().newPage({}, { fresh: true });
  const callback = await partner.captureCallback(page);
  // The page's timers run on a clock the test can move (time still flows), so "the alert would have
  // shown by now" is a step of that clock, not a guess at how busy the machine is.
  await page.clock.install();
  await page.goto(partner.authorizationUrl.href);
  await page.waitForURL(/#\/enterCredential$/);
  // Its messages in too (the address can move first), so going offline cannot catch the page half-loaded.
  await page.getByLabel('Email or phone number').waitFor();
  // And the chunks the next step runs on (fetched once the screen shows), as a browser that sat on the
  // page for a moment has them: offline, the tests then see the calls themselves fail.
  await page.waitForLoadState('networkidle');
  // Counts calls the browser could not send, so "a second failure" is known to have happened.
  let failedCalls = 0;
  page.on('requestfailed', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) failedCalls += 1;
  });
  return { context, page, callback, partner, failedCalls: () => failedCalls };
}

const offlineAlert = (page: Page) => page.getByTestId('offline-alert');
/** The alert as assistive technology meets it: inside a live role=alert region. */
const announcedAlert = (page: Page) => page.getByRole('alert').filter({ has: offlineAlert(page) });

/** Past the 100 ms the alert waits (spec §4), on the page's clock: an alert that was due has shown. */
const settle = (page: Page) => page.clock.runFor(600);

describe('offline (spec §4: the no-connection alert shows once)', () => {
  it('shows once, announced, dismissable, not again for a second failure; back online the user signs in', async () => {
    const { context, page, callback, partner, failedCalls } = await openSignIn();
    await context.setOffline(true);
    await enterCredential(page, demo.ada.email);

    await expect.poll(() => page.locator('#credential-error').textContent()).toContain(NO_CONNECTION);
    await expect.poll(() => announcedAlert(page).count()).toBe(1);
    await settle(page);
    expect(await offlineAlert(page).count()).toBe(1);
    // Playwright reports the failed request in its own time: the page can show the failure first.
    await expect.poll(failedCalls).toBe(1);
    // Nothing lost: the typed credential stays, and the page is still the credential page.
    expect(await page.getByLabel('Email or phone number').inputValue()).toBe(demo.ada.email);
    expect(page.url()).toMatch(/#\/enterCredential$/);
    await expectAccessible(page, 'credential page with the offline alert');

    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => offlineAlert(page).count()).toBe(0);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(failedCalls).toBe(2);
    await settle(page);
    expect(await offlineAlert(page).count()).toBe(0);
    expect(await page.locator('#credential-error').textContent()).toContain(NO_CONNECTION);

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/#\/enterPassword\/email\/ada%40example\.com$/);
    await enterPassword(page, demo.ada.password);
    await page.getByRole('button', { name: AUTHORIZE }).click();
    expect((await partner.exchange(await callback())).access_token).toBeTruthy();
  });

  it('a second failure before dismissing does not add a second alert', async () => {
    const { context, page, failedCalls } = await openSignIn();
    await context.setOffline(true);
    await enterCredential(page, demo.ada.email);
    await expect.poll(() => offlineAlert(page).count()).toBe(1);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(failedCalls).toBe(2);
    await settle(page);
    expect(await offlineAlert(page).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Dismiss' }).count()).toBe(1);
  });

  it('going offline on the password page: the alert, the credential kept, then sign-in once back online', async () => {
    const { context, page, callback, partner } = await openSignIn();
    await enterCredential(page, demo.ada.email);
    await page.waitForURL(/#\/enterPassword\//);
    await context.setOffline(true);
    await enterPassword(page, demo.ada.password);
    await expect.poll(() => page.locator('#password-error').textContent()).toContain(NO_CONNECTION);
    await expect.poll(() => announcedAlert(page).count()).toBe(1);
    expect(page.url()).toMatch(/#\/enterPassword\/email\/ada%40example\.com$/);
    expect(await page.getByTestId('signing-in-as').textContent()).toBe(demo.ada.email);

    await context.setOffline(false);
    await enterPassword(page, demo.ada.password);
    await page.getByRole('button', { name: AUTHORIZE }).click();
    expect((await partner.exchange(await callback())).access_token).toBeTruthy();
  });
});

describe('the offline alert wording (spec §8 "No internet": the service-unavailable text)', () => {
  it('the dismissable alert carries the spec wording', async () => {
    const { context, page } = await openSignIn();
    await context.setOffline(true);
    await enterCredential(page, demo.ada.email);
    await expect.poll(() => offlineAlert(page).count()).toBe(1);
    expect(await offlineAlert(page).textContent()).toContain(NO_CONNECTION);
  });
});

describe('a connection lost before anything but the first screen loaded', () => {
  it('still words the failure: its message needs neither the rest of the messages nor the lookups', async () => {
    const partner = await createPartner(harness().origin);
    const { context, page } = await harness().newPage({}, { fresh: true });
    // Nothing loaded after the first screen arrives: no lookups chunk, no rest of the messages, no screen.
    await page.route(/\/assets\/(errorMessages|errorsPages|\w+Screen)-[\w-]+\.js$/, (route) => route.abort());
    await page.route(/\/assets\/en_US-[\w-]+\.js$/, async (route) => {
      const response = await route.fetch();
      const isRestPart = (await response.text()).includes('errors.tooFrequent');
      return isRestPart ? route.abort() : route.fulfill({ response });
    });
    await page.goto(partner.authorizationUrl.href);
    // The field itself, not only the address: the first message part must be in before going offline.
    await page.getByLabel('Email or phone number').waitFor();
    await context.setOffline(true);
    await enterCredential(page, demo.ada.email);
    await expect.poll(() => page.locator('#credential-error').textContent()).toContain(NO_CONNECTION);
    expect(await page.getByRole('link', { name: 'Troubleshoot sign-in problems' }).count()).toBe(1);
    await expect.poll(() => offlineAlert(page).count()).toBe(1);
  });

  it('the database away (503 from the server): the retry wording on the password page, and a retry signs in without a reload', async () => {
    const { page, partner, callback } = await openSignIn();
    await enterCredential(page, demo.ada.email);
    // As every process answers while PostgreSQL restarts (docs/deployment.md).
    let unavailable = true;
    await page.route(
      (url) => url.pathname === '/api/login',
      (route) =>
        unavailable
          ? route.fulfill({
              status: 503,
              contentType: 'application/json',
              headers: { 'Retry-After': '5' },
              body: JSON.stringify({
                status: {
                  success: false,
                  code: 101,
                  errorParameters: {},
                  backendMessage: 'The service is temporarily unavailable. Please try again later.',
                },
              }),
            })
          : route.continue(),
    );
    await enterPassword(page, demo.ada.password);
    await expect
      .poll(() => page.getByRole('alert').allTextContents())
      .toContainEqual(
        expect.stringContaining('The service is temporarily unavailable. Please try again later.'),
      );
    await expectAccessible(page, 'the password page while the database is away');
    unavailable = false;
    // A mark on this document: a reload would lose it.
    await page.evaluate(() => Object.assign(globalThis, { sameDocument: true }));
    await enterPassword(page, demo.ada.password);
    await page.waitForURL(/#\/consent$/);
    expect(await page.evaluate(() => (globalThis as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await page.getByRole('button', { name: AUTHORIZE }).click();
    expect((await partner.exchange(await callback())).access_token).toBeTruthy();
  });
});
