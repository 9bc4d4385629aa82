import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  accountCall,
  accountPost,
  button,
  continueFromSaved,
  errorSummary,
  expectErrorSummary,
  expectTokens,
  field,
  fieldMessage,
  fillAddress,
  focusedId,
  menloPark,
  onChooser,
  onConfirm,
  onEditor,
  onScreen,
  pageError,
  type SignInOptions,
  scrollsSideways,
  signInAs,
} from './emergency.helpers.ts';
import { expectAccessible, harnessPerFile } from './harness.ts';

/**
 * Issue 12's emergency-address paths that need a database of their own (emergency.test.ts completes
 * e911@ and erl@ in its way): erl@'s personal locations at the limit and the nickname rules, and the
 * out-of-country path with its disclaimer. Tests that complete an account's registration come after
 * every test that needs that account's 701.
 */
const harness = harnessPerFile();
const signIn = (email: string, options: SignInOptions = {}) => signInAs(harness(), email, options);
const onReplace = (page: Page) => onScreen(page, /#\/emergencyAddress\/limit$/, 'emergencyReplace');
const onOutOfCountry = (page: Page) =>
  onScreen(page, /#\/emergencyAddress\/outOfCountry$/, 'emergencyOutOfCountry');

/** A UK address for a US user abroad. */
const bakerStreet = {
  'Street address': '221B Baker Street',
  'Post town': 'London',
  County: 'Westminster',
  Postcode: 'NW1 6XE',
};

describe('emergency address (E911): personal locations, the limit and the nickname rules', () => {
  it("erl@: nothing is chosen for this line, although the desk phone's record points at Studio", async () => {
    const { page } = await signIn('erl@example.com');
    await onChooser(page);
    await page.getByRole('radio', { name: /^Studio/ }).waitFor();
    expect(await page.getByRole('radio', { checked: true }).count()).toBe(0);
  });

  it('erl@ on a phone: the chooser, the in-use replacement, the disclaimer, the editor abroad and the limit page are axe-clean', async () => {
    const { page } = await signIn('erl@example.com', { mobile: true });
    await onChooser(page);
    expect(await scrollsSideways(page)).toBe(false);
    await expectAccessible(page, 'location chooser (mobile)');

    await button(page, 'Delete Studio').tap();
    await onScreen(page, /#\/emergencyAddress\/locations\/replace$/, 'emergencyDeleteReplacement');
    await expectAccessible(page, 'replacement for a location in use (mobile)');
    await button(page, 'Back').tap();
    await onChooser(page);
    // Nothing was deleted.
    await page.getByRole('radio', { name: /^Studio/ }).waitFor();

    await button(page, "I'm outside the United States").tap();
    await onOutOfCountry(page);
    await expectAccessible(page, 'out-of-country disclaimer (mobile)');
    await button(page, 'I Accept').tap();
    await onEditor(page);
    await field(page, 'Country').waitFor();
    await expectAccessible(page, 'editor abroad, with the country list (mobile)');
    await button(page, 'Back').tap();
    await onChooser(page);

    await button(page, 'Add new personal location').tap();
    await onEditor(page);
    await page.getByRole('heading', { name: 'Add a personal location' }).waitFor();
    await button(page, 'Verify address').tap();
    await expectErrorSummary(page, [
      'Please input a Nickname',
      'Please input a Street address',
      'Please input a City',
      'State is required',
      'Please input a ZIP code',
    ]);
    await expectAccessible(page, 'personal location editor with errors (mobile)');
    await fillAddress(page, { Nickname: 'Garage', ...menloPark });
    await button(page, 'Verify address').tap();
    await onConfirm(page);
    await button(page, 'Use this address').tap();
    await onReplace(page);
    expect(await scrollsSideways(page)).toBe(false);
    await expectAccessible(page, 'personal limit (mobile)');
  });

  it('erl@: the nickname rules, then at the limit the new location replaces "Cabin", is saved and registered, and the app gets its tokens', async () => {
    const { page, partner, callback } = await signIn('erl@example.com');
    await onChooser(page);
    await button(page, 'Add new personal location').click();
    await onEditor(page);
    await page.getByRole('heading', { name: 'Add a personal location' }).waitFor();
    // Browser Back is the chooser again, Forward the new location's form.
    await page.goBack();
    await onChooser(page);
    await page.goForward();
    await onEditor(page);
    await page.getByRole('heading', { name: 'Add a personal location' }).waitFor();
    // The nickname comes first.
    expect(
      await page
        .locator('[data-screen="emergencyEditor"] input, [data-screen="emergencyEditor"] select')
        .first()
        .getAttribute('name'),
    ).toBe('nickname');
    await expectAccessible(page, 'personal location editor');

    await fillAddress(page, menloPark);
    await button(page, 'Verify address').click();
    await expectErrorSummary(page, ['Please input a Nickname']);
    await expectAccessible(page, 'personal location editor, no nickname');

    await fillAddress(page, { Nickname: 'Den <2>' });
    await button(page, 'Verify address').click();
    await expectErrorSummary(page, [
      'Please enter a valid Nickname without special symbols such as <>, ", /.',
    ]);
    await errorSummary(page).getByRole('link').click();
    await expect.poll(() => focusedId(page)).toBe('emergency-nickname');

    // "home" is erl@'s own "Home": the server refuses it when the location is saved.
    await fillAddress(page, { Nickname: 'home' });
    await button(page, 'Verify address').click();
    await onConfirm(page);
    await button(page, 'Use this address').click();
    await onReplace(page);
    await page
      .getByText('You can have up to 3 personal locations. Choose the one your new location replaces.')
      .waitFor();
    const offered = await page
      .getByRole('radio')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    // By nickname, in the page's locale (spec §5: locale-aware, upper case first).
    expect(offered).toEqual(['erl-personal-cabin', 'erl-personal-home', 'erl-personal-studio']);
    await expectAccessible(page, 'personal limit');
    await button(page, 'Replace').click();
    await expect
      .poll(() => pageError(page, 'emergencyReplace').textContent())
      .toBe('Please select an Emergency Response Location');
    await page.getByRole('radio', { name: /^Cabin/ }).check();
    await button(page, 'Replace').click();
    await onEditor(page);
    // The server's refusal of the nickname reopens the editor with it in the error summary, focused.
    await expectErrorSummary(page, ['Emergency response location with specified home already exists.']);
    expect(await field(page, 'Nickname').getAttribute('aria-invalid')).toBe('true');
    expect(await fieldMessage(page, 'nickname').textContent()).toBe(
      'Emergency response location with specified home already exists.',
    );
    await expectAccessible(page, 'personal location editor, nickname exists');

    // Home's own address under another nickname: the server refuses a location it already has.
    await fillAddress(page, {
      Nickname: 'Beach',
      'Street address': '25 Bryant St',
      City: 'San Francisco',
      State: 'California',
      'ZIP code': '94105',
    });
    await button(page, 'Verify address').click();
    await onConfirm(page);
    await button(page, 'Use this address').click();
    await onReplace(page);
    await page.getByRole('radio', { name: /^Cabin/ }).check();
    await button(page, 'Replace').click();
    await expect
      .poll(() => pageError(page, 'emergencyReplace').textContent())
      .toBe('Specified emergency response location already exists.');
    await expectAccessible(page, 'personal limit, location exists');
    await button(page, 'Back').click();
    await onConfirm(page);
    await button(page, 'Edit').click();
    await onEditor(page);

    await fillAddress(page, { Nickname: 'Garage', ...menloPark });
    await button(page, 'Verify address').click();
    await onConfirm(page);
    await button(page, 'Use this address').click();
    await onReplace(page);
    await page.getByRole('radio', { name: /^Cabin/ }).check();
    await button(page, 'Replace').click();
    await onScreen(page, /#\/emergencyAddress\/saved$/, 'emergencySaved');
    // What the server holds now, asked with this browser's session: Garage in Cabin's place, this line at it.
    const locations = await accountCall<{ records: { locationId: string; nickname: string }[] }>(
      page,
      'list-emergency-locations',
    );
    expect(locations.records.map((location) => location.nickname)).toEqual([
      'Head office',
      'Lab',
      'Home',
      'Studio',
      'Garage',
    ]);
    const garage = locations.records.find((location) => location.nickname === 'Garage');
    const devices = await accountCall<{
      deviceEmergencyAddresses: { deviceId: string; locationId?: string }[];
    }>(page, 'list-device-emergency-address');
    expect(devices.deviceEmergencyAddresses).toContainEqual(
      expect.objectContaining({ deviceId: 'e911-erl', locationId: garage?.locationId }),
    );
    await continueFromSaved(page, 'saved page, a new personal location');
    await expectTokens(partner, callback);
  });

  it('erl@: registered, the next sign-in goes straight to the app; its location deleted from another tab, the one after says so and a company location is chosen', async () => {
    const again = await signIn('erl@example.com');
    expect((await again.callback()).searchParams.get('code')).toBeTruthy();
    await again.page.waitForURL(/\/demo-app\/callback/);
    await again.page.waitForLoadState();
    const { records } = await accountCall<{ records: { locationId: string; nickname: string }[] }>(
      again.page,
      'list-emergency-locations',
    );
    const garage = records.find((location) => location.nickname === 'Garage');
    await accountPost(again.page, 'delete-emergency-location', { locationId: garage?.locationId });

    const after = await signIn('erl@example.com');
    await onChooser(after.page);
    await expect
      .poll(() => after.page.getByRole('status').first().textContent())
      .toBe('The emergency response location has been deleted.');
    expect(await after.page.getByRole('radio', { name: /^Garage/ }).count()).toBe(0);
    await expectAccessible(after.page, 'location chooser, the location was deleted');
    await after.page.getByRole('radio', { name: /^Lab/ }).check();
    await button(after.page, 'Submit').click();
    await continueFromSaved(after.page, 'saved page, after a deleted location');
    await expectTokens(after.partner, after.callback);
  });
});

describe('emergency address (E911): out of country', () => {
  it('e911stale@: Edit, "I\'m outside the United States", the disclaimer (Back, then I Accept), a UK address for a US user, saved, and the app gets its tokens', async () => {
    const { page, partner, callback } = await signIn('e911stale@example.com');
    await onScreen(page, /#\/emergencyAddress\/verificationUpdated$/, 'emergencyVersionChanged');
    await button(page, 'Edit').click();
    await onEditor(page);
    expect(await field(page, 'Country').count()).toBe(0);
    await button(page, "I'm outside the United States").click();
    await onOutOfCountry(page);
    await page.getByRole('heading', { name: 'Emergency calls from outside the United States' }).waitFor();
    await page
      .getByText('Make sure another phone is available to call for help in an emergency.', { exact: false })
      .waitFor();
    await expectAccessible(page, 'out-of-country disclaimer');
    await button(page, 'Back').click();
    await onEditor(page);
    await button(page, "I'm outside the United States").click();
    await onOutOfCountry(page);
    await button(page, 'I Accept').click();

    await onEditor(page);
    const country = field(page, 'Country');
    await country.waitFor();
    expect(await country.inputValue()).toBe('1');
    await country.selectOption({ label: 'United Kingdom' });
    await field(page, 'Post town').waitFor();
    expect(await page.getByLabel(/^ZIP code/).count()).toBe(0);
    // Once accepted, the disclaimer is not offered again.
    expect(await page.getByRole('button', { name: /I'm outside/ }).count()).toBe(0);
    await expectAccessible(page, 'editor abroad, UK form');
    await fillAddress(page, bakerStreet);
    await button(page, 'Verify address').click();
    await onConfirm(page);
    await page.getByText('United Kingdom').first().waitFor();
    await button(page, 'Continue').click();
    await continueFromSaved(page, 'saved page, an address abroad');
    await expectTokens(partner, callback);
  });
});
