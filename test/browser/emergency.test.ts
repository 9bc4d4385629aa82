import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  accountCall,
  brandOf,
  button,
  continueFromSaved,
  errorSummary,
  expectErrorSummary,
  expectTokens,
  field,
  fieldMessage,
  fillAddress,
  focusedId,
  mountainView,
  onChooser,
  onConfirm,
  onEditor,
  onScreen,
  pageError,
  type SignInOptions,
  scrollsSideways,
  signInAs,
} from './emergency.helpers.ts';
import { AUTHORIZE, expectAccessible, harnessPerFile } from './harness.ts';

/**
 * Issue 12's emergency-address paths in a real Chromium against the real server: the US address editor,
 * validation and its confirm page, and erl@'s company locations, each through to the demo app's tokens.
 * One database for the file, so a test that completes an account's registration comes after every test
 * that needs that account's 701. The other E911 paths, each file with a database of its own:
 * emergency-regions.test.ts (the UK and Canadian forms, the acknowledgements, the verification update),
 * emergency-locations.test.ts (erl@'s limit, nickname and out-of-country paths) and
 * emergency-load.test.ts (a failed load, typed markup, the keyboard, several suggestions).
 */
const harness = harnessPerFile();
const signIn = (email: string, options: SignInOptions = {}) => signInAs(harness(), email, options);
const verify = (page: Page) => button(page, 'Verify address').click();

describe('emergency address (E911): the US editor, validation and the confirm page', () => {
  it('e911@: Verify with nothing typed gives one error summary, focused, linking each field to its spec §5 message, axe-clean', async () => {
    const { page } = await signIn('e911@example.com');
    await onEditor(page);
    expect(await brandOf(page)).toBe('1210');
    expect(await page.title()).toContain('Enter your emergency address');
    await expectAccessible(page, 'US editor');
    // The customer name is filled from the extension's contact info.
    expect(await field(page, 'Customer name').inputValue()).toBe('Della Marchetti');
    expect(await field(page, 'ZIP code').getAttribute('placeholder')).toBe('94043');
    await verify(page);
    const messages = {
      street: 'Please input a Street address',
      city: 'Please input a City',
      state: 'State is required',
      zip: 'Please input a ZIP code',
    };
    await expectErrorSummary(page, Object.values(messages));
    // No general 'Validation errors occurred…' besides the summary.
    expect(await pageError(page, 'emergencyEditor').textContent()).toBe('');
    // Each field: invalid, described by its own message, which is no alert of its own.
    for (const [name, message] of Object.entries(messages)) {
      const control = page.locator(`#emergency-${name}`);
      expect(await control.getAttribute('aria-invalid'), name).toBe('true');
      expect(await control.getAttribute('aria-describedby'), name).toBe(`emergency-${name}-error`);
      expect(await fieldMessage(page, name).textContent(), name).toBe(message);
      expect(await fieldMessage(page, name).getAttribute('role'), name).toBeNull();
    }
    expect(await field(page, 'Apartment, suite or unit').getAttribute('aria-invalid')).toBeNull();
    await expectAccessible(page, 'US editor with field errors');
    // By keyboard: Tab from the summary reaches its first link, Enter takes the focus to that field.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(messages.street);
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedId(page)).toBe('emergency-street');
    // Each link moves the focus to its field; the route (in the hash) stays the editor's.
    for (const name of ['state', 'zip', 'city'] as const) {
      await errorSummary(page).getByRole('link', { name: messages[name] }).click();
      await expect.poll(() => focusedId(page)).toBe(`emergency-${name}`);
    }
    expect(page.url()).toMatch(/#\/emergencyAddress\/edit$/);

    // A ZIP in the wrong shape and a street in another script: '{field} is not valid'.
    await fillAddress(page, {
      ...mountainView,
      'Street address': '1600 Amphitheatre Pkwy Ünit',
      'ZIP code': '9404',
    });
    await verify(page);
    await expectErrorSummary(page, ['Street address is not valid', 'ZIP code is not valid']);
    // Nothing was sent: still the editor.
    expect(page.url()).toMatch(/#\/emergencyAddress\/edit$/);

    // A state the server's list does not have (a page with a stale list): the server's EA-FIELDS goes
    // through the same summary, on its field.
    await fillAddress(page, mountainView);
    await field(page, 'State').evaluate((select) => {
      (select as HTMLSelectElement).add(new Option('Atlantis', 'ZZ'));
    });
    await field(page, 'State').selectOption('ZZ');
    await verify(page);
    await expectErrorSummary(page, ['State is not valid']);
    expect(await field(page, 'State').getAttribute('aria-invalid')).toBe('true');
    await errorSummary(page).getByRole('link', { name: 'State is not valid' }).click();
    await expect.poll(() => focusedId(page)).toBe('emergency-state');
    expect(page.url()).toMatch(/#\/emergencyAddress\/edit$/);
  });

  it("e911@: an unknown ZIP is 'No matching address found.' with Edit; back in the editor the address is kept", async () => {
    const { page } = await signIn('e911@example.com');
    await onEditor(page);
    await fillAddress(page, { ...mountainView, 'ZIP code': '00000' });
    await verify(page);
    await onConfirm(page);
    await expect
      .poll(() => pageError(page, 'emergencyConfirm').textContent())
      .toBe('No matching address found.');
    await page.getByRole('heading', { name: 'You entered' }).waitFor();
    // Nothing to use: Edit is the only way on.
    expect(await page.getByRole('button', { name: /Use/ }).count()).toBe(0);
    await expectAccessible(page, "confirm page, 'No matching address found.'");
    await page.getByRole('button', { name: 'Edit' }).click();
    await onEditor(page);
    expect(await field(page, 'ZIP code').inputValue()).toBe('00000');
    expect(await field(page, 'State').inputValue()).toBe('CA');
  });

  it('e911@: a New York address for a 650 number is refused for emergency routing (spec §5 local area)', async () => {
    const { page } = await signIn('e911@example.com');
    await onEditor(page);
    await fillAddress(page, {
      'Street address': '350 5th Ave',
      City: 'New York',
      State: 'New York',
      'ZIP code': '10118',
    });
    await verify(page);
    await expect
      .poll(() => pageError(page, 'emergencyEditor').textContent())
      .toBe('Addresses outside the local area code are not accepted for emergency routing.');
    expect(page.url()).toMatch(/#\/emergencyAddress\/edit$/);
    await expectAccessible(page, 'US editor, outside the local area');
  });

  it('e911@: reload on the confirm page comes back into the flow (after consent) and browser Back returns to the editor', async () => {
    const { page } = await signIn('e911@example.com');
    await onEditor(page);
    await fillAddress(page, mountainView);
    await verify(page);
    await onConfirm(page);
    // Browser Back from the confirm page is the editor, with what was typed.
    await page.goBack();
    await onEditor(page);
    expect(await field(page, 'Street address').inputValue()).toBe('1600 Amphitheatre Pkwy');
    await page.goForward();
    await onConfirm(page);
    // A reload: the page is loaded afresh, so consent comes before the code request, which asks again.
    await page.reload();
    await page.waitForURL(/#\/consent$/);
    await page.getByRole('button', { name: AUTHORIZE }).click();
    await onEditor(page);
  });

  it('e911@ on a phone: the editor, its errors and the confirm page are axe-clean, no sideways scroll', async () => {
    const { page } = await signIn('e911@example.com', { mobile: true });
    await onEditor(page);
    expect(await page.locator('[data-layout]').getAttribute('data-layout')).toBe('mobile');
    expect(await scrollsSideways(page)).toBe(false);
    await expectAccessible(page, 'US editor (mobile)');
    await page.getByRole('button', { name: 'Verify address' }).tap();
    await expectErrorSummary(page, [
      'Please input a Street address',
      'Please input a City',
      'State is required',
      'Please input a ZIP code',
    ]);
    expect(await scrollsSideways(page)).toBe(false);
    await expectAccessible(page, 'US editor with field errors (mobile)');
    await fillAddress(page, { ...mountainView, 'ZIP code': '00000' });
    await page.getByRole('button', { name: 'Verify address' }).tap();
    await onConfirm(page);
    await page.getByText('No matching address found.').waitFor();
    await expectAccessible(page, "confirm page, 'No matching address found.' (mobile)");
    await page.getByRole('button', { name: 'Edit' }).tap();
    await onEditor(page);
    await fillAddress(page, mountainView);
    await page.getByRole('button', { name: 'Verify address' }).tap();
    await onConfirm(page);
    await page.getByRole('button', { name: 'Use this address' }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await expectAccessible(page, 'confirm page, one suggestion (mobile)');
  });

  it('e911@: a real Mountain View address, confirmed and used, saved (48 hours), and the app gets its tokens; the next sign-in skips E911', async () => {
    const { page, partner, callback, context } = await signIn('e911@example.com');
    await onEditor(page);
    await fillAddress(page, { ...mountainView, 'Apartment, suite or unit': 'Bldg 40' });
    await verify(page);
    await onConfirm(page);
    await page.getByRole('heading', { name: 'Suggested address' }).waitFor();
    const suggested = page.locator('[data-screen="emergencyConfirm"] p', { hasText: '94043' }).last();
    expect(await suggested.textContent()).toContain('Mountain View, CA, 94043');
    await expectAccessible(page, 'confirm page, one suggestion');
    await page.getByRole('button', { name: 'Use this address' }).click();
    await continueFromSaved(page, 'saved page');
    await expectTokens(partner, callback);

    // Registered: a new sign-in (another browser, prompt=login in this one) goes straight to the app.
    for (const again of [
      await signIn('e911@example.com'),
      await signIn('e911@example.com', { context, promptLogin: true }),
    ]) {
      const url = await again.callback();
      expect(url.searchParams.get('code')).toBeTruthy();
      expect(again.page.url()).not.toContain('emergencyAddress');
    }
  });
});

describe('emergency address (E911): company locations', () => {
  it('erl@: deleting "Studio", which another number uses, asks for its replacement; then a company location, and the app gets its tokens', async () => {
    const { page, partner, callback } = await signIn('erl@example.com');
    await onChooser(page);
    expect(await page.getByRole('radio').count()).toBe(5);
    await expectAccessible(page, 'location chooser');

    await page.getByRole('button', { name: 'Delete Studio' }).click();
    await onScreen(page, /#\/emergencyAddress\/locations\/replace$/, 'emergencyDeleteReplacement');
    await page
      .getByText('The selected ERL has been used in another number. Select one available ERL to replace.')
      .waitFor();
    await page.getByText("You're deleting Studio.").waitFor();
    const candidates = await page
      .getByRole('radio')
      .evaluateAll((inputs) =>
        inputs.map((input) => (input as HTMLInputElement).labels?.[0]?.textContent ?? ''),
      );
    expect(candidates.some((text) => text.startsWith('Studio'))).toBe(false);
    expect(candidates.some((text) => text.startsWith('Head office'))).toBe(true);
    await expectAccessible(page, 'replacement for a location in use');
    await page.getByRole('button', { name: 'Delete and replace' }).click();
    await expect
      .poll(() => pageError(page, 'emergencyDeleteReplacement').textContent())
      .toBe('Please select an Emergency Response Location');
    await page.getByRole('radio', { name: /^Home/ }).check();
    await page.getByRole('button', { name: 'Delete and replace' }).click();

    await onChooser(page);
    await expect.poll(() => page.getByRole('radio').count()).toBe(4);
    expect(await page.getByRole('radio', { name: /^Studio/ }).count()).toBe(0);
    // The desk phone that used Studio was moved to Home in the same call.
    const devices = await accountCall<{
      deviceEmergencyAddresses: { deviceId: string; locationId?: string }[];
    }>(page, 'list-device-emergency-address');
    expect(devices.deviceEmergencyAddresses).toContainEqual(
      expect.objectContaining({ deviceId: 'e911-erl-desk', locationId: 'erl-personal-home' }),
    );
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect
      .poll(() => pageError(page, 'emergencyChooseLocation').textContent())
      .toBe('Please select an Emergency Response Location');
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement)?.type))
      .toBe('radio');
    await expectAccessible(page, 'location chooser with nothing selected');
    await page.getByRole('radio', { name: /^Head office/ }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await continueFromSaved(page, 'saved page, company location');
    await expectTokens(partner, callback);
  });
});
