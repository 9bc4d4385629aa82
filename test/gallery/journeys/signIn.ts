import type { Page } from 'playwright-core';
import { STATE_DEMO_PASSWORD } from '../../../server/db/seed-user.ts';
import { demo, enterCredential, enterPassword } from '../../browser/harness.ts';
import type { Journey, JourneyContext } from '../journey.ts';
import type { BrandId } from '../matrix.ts';
import { approve } from './steps.ts';

/** A demo account of each brand that signs in with a password (the 7310 and 3710 ones go on to notices). */
const accounts: Record<BrandId, { email: string; password: string; name: RegExp }> = {
  '1210': { email: demo.ada.email, password: demo.ada.password, name: /^Ada/ },
  '7710': { email: demo.grace.email, password: demo.grace.password, name: /^Grace/ },
  '7310': { email: 'notices7310@example.com', password: STATE_DEMO_PASSWORD, name: /^Noel/ },
  '3710': { email: 'tos3710@example.com', password: STATE_DEMO_PASSWORD, name: /^Tamsin/ },
};

/** The brands with single sign-on on the credential page (server/db/seed-brands.ts). */
const SSO_BRANDS: readonly BrandId[] = ['1210', '7710'];

/** A new authorisation request in the signed-in browser: straight to consent (docs/architecture.md, "who sets force"). */
async function again(context: JourneyContext, page: Page, extra: Record<string, string>) {
  const partner = await context.partner(extra);
  const callback = await partner.captureCallback(page);
  // Afresh: the last page may still be leaving (a redirect to the app under way).
  await context.loadAfresh(page, partner.authorizationUrl.href);
  return callback;
}

/**
 * The main path and what a signed-in browser sees: the credential page, single sign-on, the password
 * page, consent; then, where the brand has an account with nothing else due, the account picker, the
 * login-automation notification and the launch-app page.
 */
export const signIn: Journey = {
  name: 'signIn',
  screens: [
    'enterCredential',
    'ssoLogin',
    'enterPassword',
    'consent',
    'selectAccount',
    'loginAutomationNotification',
    'launchApp',
  ],
  brands: ['1210', '7710', '7310', '3710'],
  async run(context) {
    const { frame, open, partner, shoot } = context;
    const account = accounts[frame.brand];
    const { page } = await open();
    if (SSO_BRANDS.includes(frame.brand)) {
      await page.goto((await partner({ prompt: 'sso' })).authorizationUrl.href);
      await shoot(page, 'ssoLogin');
    }
    const first = await partner();
    const callback = await first.captureCallback(page);
    await page.goto(first.authorizationUrl.href);
    await shoot(page, 'enterCredential', { more: true });
    await enterCredential(page, account.email);
    await shoot(page, 'enterPassword', { more: true });
    await enterPassword(page, account.password);
    await shoot(page, 'consent', { more: true });
    // The 7310 and 3710 accounts have notices due after consent (the notices journey draws them).
    if (frame.brand !== '1210' && frame.brand !== '7710') return;
    await approve(page);
    await callback();

    await again(context, page, { prompt: 'select_account' });
    await shoot(page, 'selectAccount', { more: true });
    await page.getByRole('button', { name: account.name }).click();
    await page.waitForURL(/#\/consent$/);

    await again(context, page, { loginAutomation: '1' });
    await page.waitForURL(/#\/consent$/);
    await approve(page);
    await shoot(page, 'loginAutomationNotification');

    await launchApp(context, page);
  },
};

/**
 * No demo client redirects to a native app's own scheme, so the code request's reply is given one on
 * its way in (as test/browser/emergency-regions.test.ts marks an address locked): the page then shows what it
 * shows after opening an app, with the links the partner named.
 */
async function launchApp(context: JourneyContext, page: Page) {
  await page.route('**/api/post-authn/generate-code**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { redirectUri: string } };
    const sent = new URL(body.data.redirectUri);
    body.data.redirectUri = `com.example.demo:/callback${sent.search}`;
    await route.fulfill({ response, json: body });
  });
  await again(context, page, {
    targetUrl: 'https://apps.example.com/demo-partner-app',
    fallbackUrl: 'https://demo.example.com/',
  });
  await page.waitForURL(/#\/consent$/);
  await approve(page);
  await context.shoot(page, 'launchApp');
  await page.unroute('**/api/post-authn/generate-code**');
}
