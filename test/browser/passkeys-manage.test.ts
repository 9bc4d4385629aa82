import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STATE_DEMO_PASSWORD } from '../../server/db/seed-user.ts';
import { createPartner, demo, enterCredential, expectAccessible, harnessPerFile, iPhone } from './harness.ts';
import {
  addPlatformAuthenticator,
  approveConsent,
  openPartner,
  signInWithPassword,
  verifyByEmailedCode,
  visitPartner,
} from './passkeys.helpers.ts';

const harness = harnessPerFile();
const origin = () => harness().origin;

/** Creates a passkey for an account on a fresh device (remembered in the picker if asked); the page is back at the app. */
async function withPasskey(
  account: { email: string; password: string; brandId: string },
  { remember }: { remember: boolean },
) {
  const { context, page } = await harness().newPage({}, { passkeys: true });
  const authenticator = await addPlatformAuthenticator(context, page);
  const { callback } = await openPartner(origin(), page, account.brandId);
  if (remember) await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await signInWithPassword(page, account);
  await page.waitForURL(/#\/passkeys\/offer$/);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await page.getByText('Your passkey is ready').waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await approveConsent(page);
  await callback();
  return { context, page, authenticator };
}

/** The picker, asked for by the partner (prompt=select_account). */
async function openPicker(page: Page) {
  const partner = await createPartner(origin());
  partner.authorizationUrl.searchParams.set('prompt', 'select_account');
  return { partner, callback: await visitPartner(page, partner, /#\/selectAccount$/) };
}

describe('passkeys from the account picker', () => {
  it('lists and removes a passkey; signs in from a signed-out row; a removed passkey is refused', async () => {
    const { page } = await withPasskey({ ...demo.ada, brandId: '1210' }, { remember: true });

    // Signed in: the row's Passkeys link lists the passkey; removing it keeps the device's copy.
    await openPicker(page);
    await page.getByRole('button', { name: /Manage the passkeys of/ }).click();
    await page.waitForURL(/#\/passkeys$/);
    await page.getByRole('list', { name: 'Passkeys' }).waitFor();
    await expectAccessible(page, 'passkey list from the picker');
    await page.getByRole('button', { name: 'Back to accounts' }).click();
    await page.waitForURL(/#\/selectAccount$/);

    // Signed out, the remembered row offers the passkey, which signs ada in again.
    await page.getByRole('button', { name: /^Sign out of (?!all accounts)/ }).click();
    await page.getByText(/You signed out of/).waitFor();
    const { callback } = await openPicker(page);
    await page.getByRole('button', { name: /Sign in to .* with a passkey/ }).click();
    await approveConsent(page);
    expect((await callback()).searchParams.get('code')).toBeTruthy();

    // Removed on the list, the passkey the device still holds no longer signs in.
    await openPicker(page);
    await page.getByRole('button', { name: /Manage the passkeys of/ }).click();
    await page.getByRole('button', { name: /^Remove the passkey/ }).click();
    await page.getByText(/was removed/).waitFor();
    await page.getByText('This account has no passkeys yet.').waitFor();
    await page.getByRole('button', { name: 'Back to accounts' }).click();
    await page.getByRole('button', { name: /^Sign out of (?!all accounts)/ }).click();
    await page.getByText(/You signed out of/).waitFor();
    await openPicker(page);
    await page.getByRole('button', { name: /Sign in to .* with a passkey/ }).click();
    await page.getByText('This passkey is not registered for this account.', { exact: false }).waitFor();
    await expectAccessible(page, 'credential page with a refused passkey');
  });

  it('refuses a cloned passkey whose counter is behind', async () => {
    const { context, page, authenticator } = await withPasskey(
      { ...demo.grace, brandId: '7710' },
      { remember: false },
    );
    await context.clearCookies();
    // One sign-in moves the counter on; a copy made before it answers with a counter that does not.
    const [original] = await authenticator.credentials();
    if (!original) throw new Error('no passkey was created');
    const signIn = await openPartner(origin(), page, '7710');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await approveConsent(page);
    await signIn.callback();

    const copy = await harness().newPage({}, { passkeys: true });
    const cloned = await addPlatformAuthenticator(copy.context, copy.page);
    await cloned.addCredential({ ...original, signCount: original.signCount });
    await openPartner(origin(), copy.page, '7710');
    await copy.page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await copy.page.getByText('may have been copied', { exact: false }).waitFor();
    expect(copy.page.url()).toMatch(/#\/enterCredential$/);
  });

  // One test per brand: the six sign-ins in one test took 51 s quiet and outgrew 60 s beside a CPU-bound process.
  it.each([
    { brandId: '1210', email: 'nocall@example.com' },
    { brandId: '7710', email: 'mfa7710@example.com' },
    { brandId: '7310', email: 'mfa7310@example.com' },
  ])(
    'is accessible on the offer and list pages for brand $brandId, desktop and phone',
    async ({ brandId, email }) => {
      for (const device of [{}, iPhone]) {
        const { context, page } = await harness().newPage(device, { passkeys: true });
        await addPlatformAuthenticator(context, page);
        const { callback } = await openPartner(origin(), page, brandId);
        await enterCredential(page, email);
        await page.getByLabel('Password', { exact: true }).fill(STATE_DEMO_PASSWORD);
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await approveConsent(page);
        await verifyByEmailedCode(origin(), page, email);
        await page.waitForURL(/#\/passkeys\/offer$/);
        await expectAccessible(page, `passkey offer, brand ${brandId}`);
        await page.getByRole('button', { name: 'Not now' }).click();
        await callback();
        await openPicker(page);
        await page.getByRole('button', { name: /Manage the passkeys of/ }).click();
        await page.waitForURL(/#\/passkeys$/);
        await page.getByRole('button', { name: 'Back to accounts' }).waitFor();
        await expectAccessible(page, `passkey list, brand ${brandId}`);
        await context.close();
      }
    },
  );
});
