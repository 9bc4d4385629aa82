import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { codeIn } from '../../server/two-factor/two-factor.testing.ts';
import { AUTHORIZE, createPartner, enterCredential, enterPassword, newestOutboxText } from './harness.ts';

/** A passkey as Chromium's virtual authenticator holds it (the CDP WebAuthn domain). */
export interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
}

/**
 * This page's platform authenticator, played by Chromium's virtual authenticator: it holds passkeys
 * (resident keys), verifies the user and answers every request at once, as a person touching the
 * sensor would. It answers autofill's conditional request at once too, as if the person picked the
 * suggestion; so unless a test is about autofill, the browser is made one without it (as some are),
 * and only the button's request is answered.
 */
export async function addPlatformAuthenticator(
  context: BrowserContext,
  page: Page,
  { autofill = false }: { autofill?: boolean } = {},
) {
  if (!autofill)
    await page.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      ctap2Version: 'ctap2_1',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () =>
      (
        (await cdp.send('WebAuthn.getCredentials', { authenticatorId })) as {
          credentials: VirtualCredential[];
        }
      ).credentials,
    addCredential: (credential: VirtualCredential) =>
      cdp.send('WebAuthn.addCredential', { authenticatorId, credential: credential as never }),
  };
}

/** A partner app's authorisation request on a brand, its callback captured. */
export async function openPartner(origin: string, page: Page, brandId: string) {
  const partner = await createPartner(origin);
  partner.authorizationUrl.searchParams.set('brand_id', brandId);
  return { partner, callback: await visitPartner(page, partner, /#\/enterCredential$/) };
}

/**
 * Opens the partner's authorisation request and waits for the page it leads to. The callback it
 * returns also waits for the browser to have landed there, so the next address opened does not cut
 * that navigation short.
 */
export async function visitPartner(
  page: Page,
  partner: Awaited<ReturnType<typeof createPartner>>,
  lands: RegExp,
) {
  const captured = await partner.captureCallback(page);
  await page.goto(partner.authorizationUrl.href);
  await page.waitForURL(lands);
  return async () => {
    const url = await captured();
    await page.waitForURL((address) => address.pathname === url.pathname);
    return url;
  };
}

/** The addresses (hashes) a page went through, to say which screens a sign-in showed. */
export function recordHashes(page: Page): () => string[] {
  const hashes: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) hashes.push(new URL(frame.url()).hash);
  });
  return () => hashes;
}

/** The credential page, then the password page. */
export async function signInWithPassword(page: Page, credential: { email: string; password: string }) {
  await enterCredential(page, credential.email);
  await enterPassword(page, credential.password);
}

/** The consent page, approved. */
export async function approveConsent(page: Page) {
  await page.waitForURL(/#\/consent$/);
  await page.getByRole('button', { name: AUTHORIZE }).click();
}

/** The two-factor options page: a code by email, read from the outbox, entered. */
export async function verifyByEmailedCode(origin: string, page: Page, email: string) {
  await page.waitForURL(/#\/twoFactor\/options$/);
  await page.getByRole('button', { name: /Email me/ }).click();
  await page.waitForURL(/#\/twoFactor\/verify\/Email/);
  const code = codeIn(await newestOutboxText(origin, email));
  await page.getByLabel('Security code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
}
