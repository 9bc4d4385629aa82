import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STATE_DEMO_PASSWORD } from '../../server/db/seed-user.ts';
import { createPartner, demo, expectAccessible, harnessPerFile } from './harness.ts';
import {
  addPlatformAuthenticator,
  approveConsent,
  openPartner,
  recordHashes,
  signInWithPassword,
  verifyByEmailedCode,
  visitPartner,
} from './passkeys.helpers.ts';

const harness = harnessPerFile();
const origin = () => harness().origin;
const nora = { email: 'mfa@example.com', password: STATE_DEMO_PASSWORD };

/** A fresh browser (its own cookies and storage) with a platform authenticator. */
async function freshDevice({ autofill = false }: { autofill?: boolean } = {}) {
  const { context, page } = await harness().newPage({}, { passkeys: true });
  const authenticator = await addPlatformAuthenticator(context, page, { autofill });
  return { context, page, authenticator };
}

/** Ends every session of this browser, keeping what the device remembers ("Not now", the picker). */
async function endSessions(context: BrowserContext) {
  const kept = (await context.cookies()).filter((cookie) => cookie.name.includes('passkey_offer'));
  await context.clearCookies();
  await context.addCookies(kept);
}

/**
 * Counts the calls a sign-in makes from the credential page to the app's callback (the API and the
 * authorisation server; the page's own chunks, fetched ahead when the browser is idle, are left out),
 * and its time.
 */
async function measure(page: Page, run: () => Promise<unknown>) {
  let requests = 0;
  const count = (request: { url: () => string }) => {
    if (!new URL(request.url()).pathname.startsWith('/assets/')) requests++;
  };
  page.on('request', count);
  const began = performance.now();
  await run();
  page.off('request', count);
  return { requests, milliseconds: Math.round(performance.now() - began) };
}

/** The offer page's Create, then the list with the new passkey, then Continue. */
async function createPasskeyFromOffer(page: Page) {
  await page.waitForURL(/#\/passkeys\/offer$/);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await page.waitForURL(/#\/passkeys$/);
  await page.getByText('Your passkey is ready').waitFor();
}

describe('passkeys in the browser (virtual platform authenticator)', () => {
  it('ada: offered after her password, created, then autofill signs her in with it, no password page', async () => {
    const { context, page, authenticator } = await freshDevice({ autofill: true });
    const first = await openPartner(origin(), page, '1210');
    expect(await page.getByLabel('Email or phone number').getAttribute('autocomplete')).toBe(
      'username webauthn',
    );
    await signInWithPassword(page, demo.ada);
    await page.waitForURL(/#\/passkeys\/offer$/);
    await expectAccessible(page, 'passkey offer');
    await createPasskeyFromOffer(page);
    await expectAccessible(page, 'passkey list after creating one');
    const [credential] = await authenticator.credentials();
    expect(credential?.isResidentCredential).toBe(true);
    // The user handle is random, never the email (docs/passkeys.md).
    expect(Buffer.from(credential?.userHandle ?? '', 'base64').toString()).not.toContain('ada');
    await page.getByRole('button', { name: 'Continue' }).click();
    await approveConsent(page);
    expect((await first.callback()).searchParams.get('code')).toBeTruthy();

    // The credential page starts a conditional request; the authenticator answers it as a person
    // picking the passkey among the field's suggestions would.
    await endSessions(context);
    const hashes = recordHashes(page);
    const second = await openPartner(origin(), page, '1210');
    await approveConsent(page);
    const tokens = await second.partner.exchange(await second.callback());
    expect(tokens.access_token).toBeTruthy();
    expect(hashes().some((hash) => hash.startsWith('#/enterPassword'))).toBe(false);

    // The app names her (login_hint, no credential page): her password page offers the passkey too.
    await endSessions(context);
    const hinted = await createPartner(origin());
    hinted.authorizationUrl.searchParams.set('login_hint', demo.ada.email);
    hinted.authorizationUrl.searchParams.set('ui_options', 'skip_login_id_page');
    const third = await visitPartner(page, hinted, /#\/enterPassword\//);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await approveConsent(page);
    expect((await third()).searchParams.get('code')).toBeTruthy();
  });

  it('nora: a password still needs her emailed code; her passkey is both factors', async () => {
    const { context, page } = await freshDevice();
    // The password, then her second factor, and only then the offer (a password alone cannot mint a passkey).
    const first = await openPartner(origin(), page, '1210');
    const viaPassword = await measure(page, async () => {
      await signInWithPassword(page, nora);
      await approveConsent(page);
      await verifyByEmailedCode(origin(), page, nora.email);
      await page.waitForURL(/#\/passkeys\/offer$/);
    });
    await createPasskeyFromOffer(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await first.callback();

    await endSessions(context);
    const second = await openPartner(origin(), page, '1210');
    const hashes = recordHashes(page);
    const viaPasskey = await measure(page, async () => {
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await approveConsent(page);
      await second.callback();
    });
    expect(hashes().some((hash) => hash.startsWith('#/twoFactor'))).toBe(false);

    // A password sign-in still asks for the second factor (another browser, without the passkey).
    const other = await harness().newPage({}, { passkeys: true });
    await openPartner(origin(), other.page, '1210');
    await signInWithPassword(other.page, nora);
    await approveConsent(other.page);
    await other.page.waitForURL(/#\/twoFactor\/options$/);

    expect(viaPasskey.requests).toBeLessThan(viaPassword.requests);
    console.info(
      `credential page → callback: passkey ${viaPasskey.requests} requests, ${viaPasskey.milliseconds} ms; ` +
        `password + emailed code ${viaPassword.requests} requests, ${viaPassword.milliseconds} ms (typing and outbox reads included)`,
    );
  });

  it('grace: Not now is remembered on this device', async () => {
    const { context, page } = await freshDevice();
    const first = await openPartner(origin(), page, '7710');
    await signInWithPassword(page, demo.grace);
    await page.waitForURL(/#\/passkeys\/offer$/);
    await page.getByRole('button', { name: 'Not now' }).click();
    await approveConsent(page);
    await first.callback();

    await endSessions(context);
    const second = await openPartner(origin(), page, '7710');
    const hashes = recordHashes(page);
    await signInWithPassword(page, demo.grace);
    await approveConsent(page);
    await second.callback();
    expect(hashes().some((hash) => hash.startsWith('#/passkeys'))).toBe(false);
  });
});
