import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { codeIn } from '../../server/two-factor/two-factor.testing.ts';
import {
  AUTHORIZE,
  createPartner,
  enterCredential,
  enterPassword,
  expectAccessible,
  harnessPerFile,
  iPhone,
  newestOutboxText,
} from './harness.ts';

const harness = harnessPerFile();
const password = 'Violet-Harbor-47';
const fresh = 'Lantern-Pier-58';

const newestEmailTo = (to: string) => newestOutboxText(harness().origin, to);
const linkIn = (text: string) => /open (\S+)/.exec(text)?.[1] ?? '';
/**
 * A refused submit's field message, as the form's error summary lists it (GOV.UK's pattern): the
 * summary takes the focus; the field's own message under it repeats it.
 */
async function summarised(page: Page, message: string | RegExp) {
  const summary = page.getByRole('group', { name: 'There is a problem' });
  await summary.getByRole('link', { name: message }).waitFor();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-error-summary') === true))
    .toBe(true);
}

/** The partner's authorize request up to the password page of an account. */
async function toPasswordPage(email: string, options: { mobile?: boolean; brandId?: string } = {}) {
  const partner = await createPartner(harness().origin);
  if (options.brandId) partner.authorizationUrl.searchParams.set('brand_id', options.brandId);
  const { page } = await harness().newPage(options.mobile ? iPhone : {});
  const callback = await partner.captureCallback(page);
  await page.goto(partner.authorizationUrl.href);
  await enterCredential(page, email);
  await page.waitForURL(/#\/enterPassword\//);
  return { page, partner, callback };
}

/** Consent, then the partner exchanges its code: the sign-in went all the way. */
async function finishAtPartner(
  page: Page,
  partner: Awaited<ReturnType<typeof createPartner>>,
  callback: () => Promise<URL>,
) {
  await page.waitForURL(/#\/consent$/);
  await page.getByRole('button', { name: AUTHORIZE }).click();
  expect((await partner.exchange(await callback())).access_token).toBeTruthy();
}

async function fillNewPassword(page: Page, value: string, retype = value) {
  await page.getByLabel('New password', { exact: true }).fill(value);
  await page.getByLabel('Confirm new password', { exact: true }).fill(retype);
}

describe('password, PIN and account lifecycle in the browser', () => {
  it('reset@: forgot password by email, the link from the outbox, the rules, then a sign-in with the new password', async () => {
    const { page, partner, callback } = await toPasswordPage('reset@example.com');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.waitForURL(/#\/resetPassword\/email\/reset%40example\.com$/);
    await expectAccessible(page, 'recovery by email');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.waitForURL(/#\/resetPassword\/sendEmailSuccess\/resetPassword$/);
    await page.getByText('Check your email').waitFor();
    await expectAccessible(page, 'recovery email sent');

    const link = linkIn(await newestEmailTo('reset@example.com'));
    expect(link).toMatch(/#\/createPassword\/[A-Za-z0-9_-]{43}$/);
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).waitFor();
    await expectAccessible(page, 'create new password');
    // The form is one password managers recognise.
    expect(await page.getByLabel('New password', { exact: true }).getAttribute('autocomplete')).toBe(
      'new-password',
    );
    await fillNewPassword(page, 'abc');
    await page.getByRole('button', { name: 'Save password' }).click();
    await summarised(page, 'Use 8 to 32 characters');
    await fillNewPassword(page, fresh, 'Lantern-Pier-59');
    await page.getByRole('button', { name: 'Save password' }).click();
    await summarised(page, 'Password must match');
    await expectAccessible(page, 'create new password with errors');
    // The account's own password is one of the last five: the server refuses it (PWD-015). The form's
    // hint says the same from the start, so the refusal is read from the form's error summary.
    await fillNewPassword(page, password);
    await page.getByRole('button', { name: 'Save password' }).click();
    await summarised(page, /^Disallowed last used passwords/);
    await fillNewPassword(page, fresh);
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.waitForURL(/#\/resetComplete$/);
    await expectAccessible(page, 'reset complete');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/#\/enterPassword\/email\/reset%40example\.com$/);
    await enterPassword(page, fresh);
    await finishAtPartner(page, partner, callback);

    // The link works once: opened again it is the expired-link page.
    const { page: later } = await harness().newPage({});
    await later.goto(link);
    await later.getByText('The link has expired. Please request another link.').waitFor();
    await expectAccessible(later, 'expired link');
  });

  it('reset@ by phone number: the account is looked up and the page says where the link goes', async () => {
    const { page } = await toPasswordPage('reset@example.com');
    await page.goto(`${harness().origin}/?clientId=foyer-web#/resetPassword`);
    await page.getByRole('button', { name: 'With my phone number' }).click();
    await page.waitForURL(/#\/resetPassword\/number$/);
    await page.getByLabel('Phone number').fill('+1 650 555 0144');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/#\/resetPassword\/sendRecoveryEmail$/);
    await page.getByText(/r\*\*\*t@e\*\*\*e\.com/).waitFor();
    await expectAccessible(page, 'confirm recovery email');
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.waitForURL(/#\/resetPassword\/sendEmailSuccess\/resetPassword$/);
  });

  it('pin@: the reset form asks for a new PIN too and checks its rules', async () => {
    const { page } = await toPasswordPage('pin@example.com');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.waitForURL(/sendEmailSuccess/);
    await page.goto(linkIn(await newestEmailTo('pin@example.com')));
    await fillNewPassword(page, fresh);
    await page.getByLabel('New PIN', { exact: true }).fill('123456');
    await page.getByLabel('Confirm new PIN', { exact: true }).fill('123456');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText("Don't use sequential digits such as 1234").first().waitFor();
    await page.getByLabel('New PIN', { exact: true }).fill('864209');
    await page.getByLabel('Confirm new PIN', { exact: true }).fill('864209');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.waitForURL(/#\/resetComplete$/);
  });

  it('an emailed sign-in link signs in and the sign-in goes on to the partner', async () => {
    const { page, partner, callback } = await toPasswordPage('ada@example.com');
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.waitForURL(/#\/expressLink$/);
    await expectAccessible(page, 'sign-in link request');
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.waitForURL(/#\/expressLink\/sent$/);
    await expectAccessible(page, 'sign-in link sent');
    await page.goto(linkIn(await newestEmailTo('ada@example.com')));
    await finishAtPartner(page, partner, callback);
  });

  it('enforced@: a new password before any code, then the partner gets its tokens', async () => {
    const { page, partner, callback } = await toPasswordPage('enforced@example.com');
    await enterPassword(page, password);
    await page.waitForURL(/#\/enforceResetPassword$/);
    await page.getByLabel('New password', { exact: true }).waitFor();
    await expectAccessible(page, 'enforced reset');
    await fillNewPassword(page, fresh);
    await page.getByRole('button', { name: 'Save password' }).click();
    await finishAtPartner(page, partner, callback);
  });

  it('onetime@ on a phone: the temporary password is replaced at first sign-in', async () => {
    const { page, partner, callback } = await toPasswordPage('onetime@example.com', { mobile: true });
    await enterPassword(page, 'Temp-Pass-2024');
    await page.waitForURL(/#\/changeOneTimePassword\/onetime%40example\.com$/);
    await page.getByLabel('New password', { exact: true }).waitFor();
    await expectAccessible(page, 'one-time password change on a phone');
    await fillNewPassword(page, fresh);
    await page.getByRole('button', { name: 'Save password' }).click();
    await finishAtPartner(page, partner, callback);
  });

  it('legacy@: the expired numeric password is changed with the current one, then a new sign-in', async () => {
    const { page, partner, callback } = await toPasswordPage('legacy@example.com');
    await enterPassword(page, '97531864');
    await page.waitForURL(/#\/legacyPasswordChange\/legacy%40example\.com$/);
    await page.getByLabel('Current password', { exact: true }).waitFor();
    await expectAccessible(page, 'legacy password change');
    await fillNewPassword(page, fresh);
    await page.getByRole('button', { name: 'Save password' }).click();
    await summarised(page, 'Enter current password');
    await page.getByLabel('Current password', { exact: true }).fill('00000000');
    await page.getByRole('button', { name: 'Save password' }).click();
    await summarised(page, 'The current password is incorrect.');
    await page.getByLabel('Current password', { exact: true }).fill('97531864');
    await fillNewPassword(page, fresh);
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.waitForURL(/#\/changePasswordSuccess$/);
    await expectAccessible(page, 'password changed');
    await page.getByRole('button', { name: /Sign in|Continue/ }).click();
    await page.waitForURL(/#\/enterPassword\/email\/legacy%40example\.com$/);
    await enterPassword(page, fresh);
    await finishAtPartner(page, partner, callback);
  });

  it('notactivated@: the activation code by email, the answer rule, then signed in', async () => {
    const { page, partner, callback } = await toPasswordPage('notactivated@example.com');
    await enterPassword(page, password);
    await page.waitForURL(/#\/activateAccount$/);
    await expectAccessible(page, 'activation');
    await page.getByRole('button', { name: 'Email me an activation code' }).click();
    await page.getByLabel('Activation code').waitFor();
    const code = codeIn(await newestEmailTo('notactivated@example.com'));
    await page.getByLabel('Activation code').fill(code);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Activation answer', { exact: true }).fill(`my ${password}`);
    await page.getByRole('button', { name: 'Activate and sign in' }).click();
    await summarised(page, 'The answer must not contain your password');
    await expectAccessible(page, 'activation with an error');
    await page.getByLabel('Activation answer', { exact: true }).fill('blue heron');
    await page.getByRole('button', { name: 'Activate and sign in' }).click();
    await finishAtPartner(page, partner, callback);
  });

  it('notconfirmed@: the confirmation email again, its link, then a sign-in', async () => {
    const { page, partner, callback } = await toPasswordPage('notconfirmed@example.com');
    await enterPassword(page, password);
    await page.waitForURL(/#\/confirmEmail$/);
    await expectAccessible(page, 'confirm email');
    await page.getByRole('button', { name: 'Send the confirmation email' }).click();
    await page.getByText('Check your email').waitFor();
    await page.goto(linkIn(await newestEmailTo('notconfirmed@example.com')));
    await page.getByText('Your email is confirmed').waitFor();
    await expectAccessible(page, 'email confirmed');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await enterPassword(page, password);
    await finishAtPartner(page, partner, callback);
  });

  it('ada@ in a signed-in tab: /changePassword/{credential} with the current password, then on to the app', async () => {
    const { page, partner, callback } = await toPasswordPage('ada@example.com');
    const spaQuery = new URL(page.url()).search;
    await enterPassword(page, password);
    await finishAtPartner(page, partner, callback);
    // The tab lands on the partner first (the captured callback), then comes back signed in.
    await page.waitForURL(/\/demo-app\/callback/);
    const again = await partner.captureCallback(page);
    await page.goto(`${harness().origin}/${spaQuery}#/changePassword/ada%40example.com`);
    await page.getByLabel('Current password', { exact: true }).waitFor();
    await expectAccessible(page, 'change password');
    await page.getByLabel('Current password', { exact: true }).fill(password);
    await fillNewPassword(page, fresh);
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.waitForURL(/#\/changePasswordSuccess$/);
    await page.getByRole('button', { name: 'Continue' }).click();
    // The page was loaded afresh: consent comes before the code, as after any reload.
    await page.waitForURL(/#\/consent$/);
    await page.getByRole('button', { name: AUTHORIZE }).click();
    expect((await again()).searchParams.get('code')).toBeTruthy();
  });

  it.each([
    ['7710', false],
    ['7310', false],
    ['1210', true],
    ['7710', true],
    ['7310', true],
  ])(
    'brand %s (phone %s): the recovery pages and the password form are axe-clean',
    async (brandId, mobile) => {
      const { page } = await toPasswordPage('ada@example.com', { brandId, mobile });
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByRole('button', { name: 'Back' }).click();
      await page.waitForURL(/#\/resetPassword$/);
      await expectAccessible(page, `recovery chooser, brand ${brandId}`);
      await page.getByRole('button', { name: 'With my email' }).click();
      await expectAccessible(page, `recovery by email, brand ${brandId}`);
      await page.goto(
        `${harness().origin}/?clientId=foyer-web&brandId=${brandId}#/createPassword/${'x'.repeat(43)}`,
      );
      await page.getByText('The link has expired. Please request another link.').waitFor();
      await expectAccessible(page, `expired link, brand ${brandId}`);
    },
  );
});
