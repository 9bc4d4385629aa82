import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  AUTHORIZE,
  demo,
  enterCredential,
  enterPassword,
  expectAccessible,
  harnessPerFile,
  iPhone,
} from './harness.ts';

/**
 * Room activation (docs/room-activation.md) in a real Chromium against the real server: the room's
 * device authorization grant (RFC 8628), the activation page that takes its code, the ordinary sign-in
 * and consent that approve it, and the pages the server's callback lands on.
 */
const harness = harnessPerFile();

interface DeviceAuthorization {
  user_code: string;
  verification_uri_complete: string;
}

/** A room's first request (RFC 8628 §3.1), made directly: a device code and the user code it shows. */
async function startRoomGrant(): Promise<DeviceAuthorization> {
  const response = await fetch(`${harness().origin}/oauth/device_authorization`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: 'demo-room' }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as DeviceAuthorization;
}

/** The demo room polls every 5 s (it reloads itself then): its next check comes within two intervals. */
const ROOM_WAIT = 15_000;

/** The demo room display (/demo-room) in a browser of its own, started: it shows its code and waits. */
async function startDemoRoom() {
  const { page } = await harness().newPage();
  await page.goto(`${harness().origin}/demo-room`);
  await page.getByRole('button', { name: 'Start' }).click();
  const code = page.locator('#user-code');
  await code.waitFor();
  return {
    page,
    userCode: async () => (await code.textContent())?.trim() ?? '',
    /** The address the room shows (without the code: the person types it). */
    verificationUri: async () => (await page.locator('#verification-uri').textContent())?.trim() ?? '',
  };
}

const onRoomPage = async (page: Page, name: string) => {
  await page.locator(`[data-screen="room"] [data-screen="${name}"]`).waitFor();
};
const codeField = (page: Page) => page.getByLabel("Code shown on the room's screen");
const fieldMessage = (page: Page) => page.locator('#roomCode-error');
const brandOf = (page: Page) => page.locator('[data-brand]').first().getAttribute('data-brand');
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

/** The activation page with `code` typed and sent. */
async function submitCode(page: Page, code: string) {
  await codeField(page).fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** From the code page through the ordinary sign-in to the consent page of the room app. */
async function signInForRoom(page: Page) {
  await page.waitForURL(/#\/enterCredential$/);
  await enterCredential(page, demo.ada.email);
  await enterPassword(page, demo.ada.password);
  await page.waitForURL(/#\/consent$/);
}

describe('room activation: the activation page', () => {
  it('a code the server does not know: the spec wording on the field, the focus on it; the page’s own checks first', async () => {
    const { page } = await harness().newPage();
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/device/verify')) requests.push(request.url());
    });
    await page.goto(`${harness().origin}/device?user_code=bcdf-ghjk`);
    await page.waitForURL(/#\/roomActivation$/);
    await onRoomPage(page, 'roomActivation');
    expect(await codeField(page).inputValue()).toBe('BCDF-GHJK');
    expect(await page.title()).toBe('Sign in a room');

    await codeField(page).fill('');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => fieldMessage(page).textContent())
      .toBe("Enter the code shown on the room's screen.");
    await expect.poll(() => focusedId(page)).toBe('roomCode');
    await submitCode(page, 'abcd-efgh');
    await expect
      .poll(() => fieldMessage(page).textContent())
      .toContain('That is not a room code. A room code has 8 letters');
    expect(requests).toEqual([]);

    await submitCode(page, 'bcdfghjk');
    await expect
      .poll(() => fieldMessage(page).textContent())
      .toBe("That code is not valid or has expired. Check the code on the room's screen and try again.");
    await expect.poll(() => focusedId(page)).toBe('roomCode');
    expect(await codeField(page).getAttribute('aria-invalid')).toBe('true');
    expect(requests).toHaveLength(1);
    expect(page.url()).toMatch(/#\/roomActivation$/);
    await expectAccessible(page, 'room activation page, code refused');
  });

  it("Deny on the consent page: 'You did not allow the room to sign in', the room hears it, and a new code can be entered", async () => {
    const room = await startDemoRoom();
    const { page } = await harness().newPage();
    await page.goto(await room.verificationUri());
    await onRoomPage(page, 'roomActivation');
    expect(await codeField(page).inputValue()).toBe('');
    await submitCode(page, (await room.userCode()).toLowerCase());
    await signInForRoom(page);
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL(/#\/roomNotActivated\/denied$/);
    await onRoomPage(page, 'roomNotActivated');
    await page.getByText('You did not allow the room to sign in.').waitFor();
    expect(await brandOf(page)).toBe('7310');
    await expectAccessible(page, 'room not activated, denied');
    // The room's next check hears the refusal.
    await room.page.locator('#room-status', { hasText: 'Access was denied' }).waitFor({ timeout: ROOM_WAIT });
    await page.getByRole('button', { name: 'Enter a new code' }).click();
    await page.waitForURL(/#\/roomActivation$/);
    expect(await codeField(page).inputValue()).toBe('');
    await expect.poll(() => focusedId(page)).toBe('roomCode');
  });

  it('the whole loop: the demo room shows a code, the person types it on /device, signs in and approves; the room is signed in', async () => {
    const room = await startDemoRoom();
    const userCode = await room.userCode();
    expect(userCode).toMatch(/^[B-Z]{4}-[B-Z]{4}$/);
    // Another browser: the person's phone or laptop.
    const { page } = await harness().newPage(iPhone);
    await page.goto(await room.verificationUri());
    await page.waitForURL(/\?clientId=foyer-web&brandId=7310#\/roomActivation$/);
    await onRoomPage(page, 'roomActivation');
    await submitCode(page, userCode);
    await signInForRoom(page);
    await page.getByRole('button', { name: AUTHORIZE }).click();
    await page.waitForURL(/#\/roomActivated$/);
    await onRoomPage(page, 'roomActivated');
    await page.getByRole('heading', { name: 'The room is signed in' }).waitFor();
    expect(await brandOf(page)).toBe('7310');
    await expectAccessible(page, 'room activated, mobile');
    // The room's next refresh finds its tokens.
    await room.page.locator('#signed-in-as', { hasText: 'Ada Fairweather' }).waitFor({ timeout: ROOM_WAIT });
  });
});

describe('room activation: axe on every page, desktop and mobile, per brand', () => {
  for (const brandId of ['7310', '1210', '7710'])
    for (const [device, options] of [
      ['desktop', {}],
      ['mobile', iPhone],
    ] as const)
      it(`brand ${brandId}, ${device}`, async () => {
        const { page } = await harness().newPage(options);
        // A fresh load each time: a hash change alone is a move inside the page, which the flow judges.
        const open = async (route: string, screen: string) => {
          await page.goto('about:blank');
          await page.goto(`${harness().origin}/?clientId=foyer-web&brandId=${brandId}#/${route}`);
          await onRoomPage(page, screen);
          expect(await brandOf(page)).toBe(brandId);
        };
        if (brandId === '7310') {
          // The room's own brand comes with the /device redirect of a live code.
          const room = await startRoomGrant();
          await page.goto(room.verification_uri_complete);
          await page.waitForURL(/brandId=7310#\/roomActivation$/);
          await onRoomPage(page, 'roomActivation');
          expect(await codeField(page).inputValue()).toBe(room.user_code);
          await codeField(page).fill('');
        } else await open('roomActivation', 'roomActivation');
        expect(await brandOf(page)).toBe(brandId);
        await expectAccessible(page, `${brandId} ${device}: code page`);
        await page.getByRole('button', { name: 'Continue' }).click();
        await expect.poll(() => fieldMessage(page).textContent()).not.toBe('');
        await expectAccessible(page, `${brandId} ${device}: code page with its message`);
        await open('roomActivated', 'roomActivated');
        await expectAccessible(page, `${brandId} ${device}: signed in`);
        for (const reason of ['denied', 'expired', 'failed']) {
          await open(`roomNotActivated/${reason}`, 'roomNotActivated');
          await expectAccessible(page, `${brandId} ${device}: not signed in, ${reason}`);
        }
      });
});
