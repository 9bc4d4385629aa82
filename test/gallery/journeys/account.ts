import type { Page } from 'playwright-core';
import { STATE_DEMO_PASSWORD } from '../../../server/db/seed-user.ts';
import { enterCredential, enterPassword, newestOutboxText } from '../../browser/harness.ts';
import type { Journey, JourneyContext } from '../journey.ts';
import { FRAMES } from '../matrix.ts';
import { approve, toConsent, toPasswordPage } from './steps.ts';

/**
 * Opens the link in the newest email to an address (the embedded outbox, as the README tells
 * visitors), loaded afresh as a click in a mail app does.
 */
async function openEmailedLink(context: JourneyContext, page: Page, to: string) {
  const link = /open (\S+)/.exec(await newestOutboxText(context.harness.origin, to))?.[1];
  if (!link) throw new Error(`no link emailed to ${to}`);
  await context.loadAfresh(page, link);
}

/** Passwords reset@ gets in a frame: new in every frame, so the server's history never refuses one. */
const passwordsOf = (context: JourneyContext) => {
  const serial = FRAMES.indexOf(context.frame) + 1;
  return { reset: `Lantern-Pier-5${serial}`, changed: `Harbour-Lamp-6${serial}` };
};

async function fillNewPassword(page: Page, value: string) {
  await page.getByLabel('New password', { exact: true }).fill(value);
  await page.getByLabel('Confirm new password', { exact: true }).fill(value);
}

/**
 * Forgot password (docs/passwords.md), from the recovery pages' own address, so in every brand:
 * the chooser, by email, by phone number, the recovery email to send and sent, the emailed link's
 * form and the reset done. In the default brand the account then signs in and changes its password
 * on the signed-in page. reset@ gets one email per frame, within the server's five in ten minutes.
 */
export const recovery: Journey = {
  name: 'recovery',
  screens: [
    'resetPassword',
    'resetPasswordEmail',
    'resetPasswordNumber',
    'resetPasswordSend',
    'resetPasswordSent',
    'createPassword',
    'resetComplete',
    'changePassword',
    'changePasswordSuccess',
  ],
  brands: ['1210', '7710', '7310', '3710'],
  async run(context) {
    const { frame, open, spa, shoot } = context;
    const passwords = passwordsOf(context);
    const { page } = await open();
    await page.goto(spa('/resetPassword', { clientId: 'foyer-web' }));
    await shoot(page, 'resetPassword', { more: true });
    await page.getByRole('button', { name: 'With my email' }).click();
    await shoot(page, 'resetPasswordEmail', { more: true });
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'With my phone number' }).click();
    await shoot(page, 'resetPasswordNumber', { more: true });
    await page.getByLabel('Phone number').fill('+1 650 555 0144');
    await page.getByRole('button', { name: 'Continue' }).click();
    await shoot(page, 'resetPasswordSend', { more: true });
    await page.getByRole('button', { name: 'Send link' }).click();
    await shoot(page, 'resetPasswordSent', { more: true });

    await openEmailedLink(context, page, 'reset@example.com');
    await page.getByLabel('New password', { exact: true }).waitFor();
    await shoot(page, 'createPassword', { more: true });
    await fillNewPassword(page, passwords.reset);
    await page.getByRole('button', { name: 'Save password' }).click();
    await shoot(page, 'resetComplete', { more: true });
    // The account is the default brand's: signing in moves the page into its frame.
    if (frame.brand !== '1210') return;

    // Signed in for the partner with the new password, the tab changes it on its own page.
    const { callback } = await toConsent(context, page, 'reset@example.com', passwords.reset);
    const spaQuery = new URL(page.url()).search;
    await approve(page);
    await callback();
    await page.goto(`${context.harness.origin}/${spaQuery}#/changePassword/reset%40example.com`);
    await page.getByLabel('Current password', { exact: true }).waitFor();
    await shoot(page, 'changePassword', { more: true });
    await page.getByLabel('Current password', { exact: true }).fill(passwords.reset);
    await fillNewPassword(page, passwords.changed);
    await page.getByRole('button', { name: 'Save password' }).click();
    await shoot(page, 'changePasswordSuccess');
  },
};

/** A new password required at sign-in (docs/passwords.md): enforced, one-time, an expired numeric one. Not saved. */
export const requiredChange: Journey = {
  name: 'requiredChange',
  screens: ['enforceResetPassword', 'changeOneTimePassword', 'legacyPasswordChange'],
  brands: ['1210'],
  async run(context) {
    const cases = [
      { email: 'enforced@example.com', password: STATE_DEMO_PASSWORD, screen: 'enforceResetPassword' },
      { email: 'onetime@example.com', password: 'Temp-Pass-2024', screen: 'changeOneTimePassword' },
      { email: 'legacy@example.com', password: '97531864', screen: 'legacyPasswordChange' },
    ];
    for (const { email, password, screen } of cases) {
      const { page } = await context.open();
      await toPasswordPage(context, page, email);
      await enterPassword(page, password);
      await page.getByLabel('New password', { exact: true }).waitFor();
      await context.shoot(page, screen);
    }
  },
};

/**
 * An account not activated yet (371) and one whose email is not confirmed (361): their pages, and
 * the emailed link's. The link activates or confirms the account for good, so it is opened only in
 * the journey's last frame (the earlier ones still find the accounts as seeded).
 */
export const activation: Journey = {
  name: 'activation',
  screens: ['activateAccount', 'activate', 'confirmEmail', 'confirmEmailLink'],
  brands: ['1210'],
  async run(context) {
    const { open, shoot, lastOfBrand } = context;
    const activate = await open();
    await toPasswordPage(context, activate.page, 'notactivated@example.com');
    await enterPassword(activate.page, STATE_DEMO_PASSWORD);
    await shoot(activate.page, 'activateAccount', { more: lastOfBrand });
    if (lastOfBrand) {
      await activate.page.getByRole('button', { name: 'Email me an activation code' }).click();
      await activate.page.getByLabel('Activation code').waitFor();
      await openEmailedLink(context, activate.page, 'notactivated@example.com');
      await shoot(activate.page, 'activate');
    }

    const confirm = await open();
    await toPasswordPage(context, confirm.page, 'notconfirmed@example.com');
    await enterPassword(confirm.page, STATE_DEMO_PASSWORD);
    await shoot(confirm.page, 'confirmEmail', { more: lastOfBrand });
    if (lastOfBrand) {
      await confirm.page.getByRole('button', { name: 'Send the confirmation email' }).click();
      await confirm.page.getByText('Check your email').waitFor();
      await openEmailedLink(context, confirm.page, 'notconfirmed@example.com');
      await shoot(confirm.page, 'confirmEmailLink');
    }
  },
};

/** The accounts that may sign in with a password, single sign-on or an emailed link (docs/notices.md "Login option"). */
const optionAccounts: Record<string, string> = {
  '1210': 'options@example.com',
  '7710': 'options@example.co.uk',
};

/**
 * The login option page, the emailed sign-in link's request and sent pages, and the link's own page
 * as it signs in: the sign-in call is kept waiting while the page is drawn, then let through.
 */
export const signInLink: Journey = {
  name: 'signInLink',
  screens: ['loginOption', 'expressLinkRequest', 'expressLinkSent', 'expressLink'],
  brands: ['1210', '7710'],
  async run(context) {
    const { frame, open, partner, shoot } = context;
    const email = optionAccounts[frame.brand] ?? '';
    const { page } = await open();
    await page.goto((await partner()).authorizationUrl.href);
    await enterCredential(page, email);
    await shoot(page, 'loginOption', { more: true });
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await shoot(page, 'expressLinkRequest', { more: true });
    await page.getByRole('button', { name: 'Send link' }).click();
    await shoot(page, 'expressLinkSent', { more: true });

    let release: () => void = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    const signInCall = '**/api/account/login-with-express-link**';
    await page.route(signInCall, async (route) => {
      await held;
      await route.continue();
    });
    await openEmailedLink(context, page, email);
    await shoot(page, 'expressLink', {
      held: (request) => request.url().includes('/login-with-express-link'),
    });
    release();
    await page.waitForURL(/#\/consent$/);
  },
};
