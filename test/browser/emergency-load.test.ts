import { describe, expect, it } from 'vitest';
import {
  button,
  continueFromSaved,
  expectTokens,
  failOnce,
  field,
  fillAddress,
  menloPark,
  onConfirm,
  onEditor,
  onScreen,
  pageError,
  password,
  type SignInOptions,
  signInAs,
} from './emergency.helpers.ts';
import {
  AUTHORIZE,
  createPartner,
  enterCredential,
  enterPassword,
  expectAccessible,
  harnessPerFile,
  iPhone,
  watchForHostileEffects,
} from './harness.ts';

/**
 * Issue 12's emergency-address page as it loads and as it is used: a failed load and Try again, markup
 * typed into the fields shown as text, the keyboard through the form, and several suggestions to choose
 * from. One database for the file, so a test that completes an account's registration comes after every
 * test that needs that account's 701. (The other E911 paths: emergency.test.ts and the files it names.)
 */
const harness = harnessPerFile();
const signIn = (email: string, options: SignInOptions = {}) => signInAs(harness(), email, options);

describe('emergency address (E911): a failed load, typed markup, the keyboard, several suggestions', () => {
  it.each([
    { mobile: false, label: 'desktop' },
    { mobile: true, label: 'mobile' },
  ])(
    'e911@ ($label): a failed load offers Try again, axe-clean, and Try again opens the editor',
    async ({ mobile, label }) => {
      const partner = await createPartner(harness().origin);
      const { page } = await harness().newPage(mobile ? iPhone : {});
      const failures = await failOnce(page, '**/api/account/extension-tracking-info**');
      await page.goto(partner.authorizationUrl.href);
      await enterCredential(page, 'e911@example.com');
      await enterPassword(page, password);
      await page.waitForURL(/#\/consent$/);
      await button(page, AUTHORIZE).click();
      await onScreen(page, /#\/emergencyAddress$/, 'emergencyLoading');
      await button(page, 'Try again').waitFor();
      await expectAccessible(page, `failed load (${label})`);
      await button(page, 'Try again').click();
      await onEditor(page);
      expect(failures()).toBe(1);
    },
  );

  it('e911@: markup typed into the address is shown as text on the confirm page, never run', async () => {
    const { page } = await signIn('e911@example.com');
    const expectSafe = watchForHostileEffects(page);
    await onEditor(page);
    const payload = '<img src=x onerror="document.body.id=\'pwned\'">';
    await fillAddress(page, { ...menloPark, 'Street address': payload, 'ZIP code': '00000' });
    await button(page, 'Verify address').click();
    await onConfirm(page);
    await page.getByText('No matching address found.').waitFor();
    expect(await page.locator('[data-screen="emergencyConfirm"]').textContent()).toContain(payload);
    await expectSafe();
  });

  it('e911@ by keyboard: Enter in a field verifies, Tab and Enter reach Edit, and Cancel returns user_cancelled to the app', async () => {
    const { page, partner, callback } = await signIn('e911@example.com');
    await onEditor(page);
    await fillAddress(page, menloPark);
    await field(page, 'ZIP code').press('Enter');
    await onConfirm(page);
    await button(page, 'Use this address').waitFor();
    await button(page, 'Use this address').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Edit');
    await page.keyboard.press('Enter');
    await onEditor(page);
    await button(page, 'Cancel').click();
    const url = await callback();
    expect(url.searchParams.get('error')).toBe('user_cancelled');
    expect(url.searchParams.get('state')).toBe(partner.state);
  });

  it('e911@: a session lost in the middle of the flow ends it on the session page; signing in again comes back to the editor', async () => {
    const partner = await createPartner(harness().origin);
    const { page, context } = await harness().newPage({});
    await page.goto(partner.authorizationUrl.href);
    await enterCredential(page, 'e911@example.com');
    await enterPassword(page, password);
    await page.waitForURL(/#\/consent$/);
    await button(page, AUTHORIZE).click();
    await onEditor(page);
    await fillAddress(page, menloPark);
    await context.clearCookies();
    await button(page, 'Verify address').click();
    await page.waitForURL(/#\/error\/INVALID_SESSION_TOKEN$/);
    await expect
      .poll(() => page.getByTestId('error-message').textContent())
      .toContain('Invalid request. Go back to login page and request again.');
    // Signing in again comes back to the address still due.
    await button(page, 'Back to sign in').click();
    await page.waitForURL(/#\/enterPassword\//);
    await enterPassword(page, password);
    await page.waitForURL(/#\/consent$/);
    await button(page, AUTHORIZE).click();
    await onEditor(page);
  });

  it('e911@: Palo Alto with a Mountain View ZIP offers several addresses; none chosen is refused; then a misspelt town offers one, used, and the app gets its tokens', async () => {
    const { page, partner, callback } = await signIn('e911@example.com');
    await onEditor(page);
    await fillAddress(page, {
      ...menloPark,
      'Street address': '1600 Amphitheatre Pkwy',
      City: 'Palo Alto',
      'ZIP code': '94043',
    });
    await button(page, 'Verify address').click();
    await onConfirm(page);
    const suggestions = page.getByRole('group', { name: 'Matching addresses' }).getByRole('radio');
    await expect.poll(() => suggestions.count()).toBeGreaterThan(1);
    // The ZIP's own town comes first; Palo Alto's own ZIPs after it.
    expect(await suggestions.first().getAttribute('id')).toBe('suggestion-0');
    await page.getByRole('radio', { name: /Mountain View, CA, 94043/ }).waitFor();
    await page
      .getByRole('radio', { name: /Palo Alto, CA, 943\d\d/ })
      .first()
      .waitFor();
    await expectAccessible(page, 'confirm page, several suggestions');
    await button(page, 'Use the selected address').click();
    await expect
      .poll(() => pageError(page, 'emergencyConfirm').textContent())
      .toBe(
        'The address is not recognized. Please verify the address or contact our support for advanced help.',
      );
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement)?.type))
      .toBe('radio');
    await expectAccessible(page, 'confirm page, several suggestions, none chosen');

    await button(page, 'Edit').click();
    await onEditor(page);
    await fillAddress(page, { City: 'Mountain Vew' });
    await button(page, 'Verify address').click();
    await onConfirm(page);
    await page.getByRole('heading', { name: 'Suggested address' }).waitFor();
    const shown = await page.locator('[data-screen="emergencyConfirm"]').textContent();
    expect(shown).toContain('Mountain Vew, CA, 94043');
    expect(shown).toContain('Mountain View, CA, 94043');
    await button(page, 'Use this address').click();
    await continueFromSaved(page, 'saved page after several suggestions');
    await expectTokens(partner, callback);
  });
});
