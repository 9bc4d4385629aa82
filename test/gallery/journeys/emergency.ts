import type { Page } from 'playwright-core';
import {
  button,
  failOnce,
  fillAddress,
  menloPark,
  mountainView,
  onChooser,
  onConfirm,
  onEditor,
  onScreen,
  toronto,
  ukAddress,
} from '../../browser/emergency.helpers.ts';
import type { Journey, JourneyContext } from '../journey.ts';
import { approve, toConsent } from './steps.ts';

/** Signed in as an E911 demo (server/db/seed-emergency.ts) and past consent: the code request answers 701 or 702. */
async function toEmergency(
  context: JourneyContext,
  email: string,
  prepare?: (page: Page) => Promise<unknown>,
) {
  const { page } = await context.open();
  await toConsent(context, page, email);
  await prepare?.(page);
  await approve(page);
  return page;
}

/** The single-address demos of the brands with their own address forms. */
const addressDemos = {
  '1210': { email: 'e911@example.com', address: mountainView },
  '7710': { email: 'e911uk@example.co.uk', address: ukAddress },
  '7310': { email: 'e911ca@example.com', address: toronto },
} as const;

/**
 * The emergency address form, its confirmation and the saved page, in each brand with a demo; then
 * erl@'s company locations: the chooser, a location in use, the out-of-country disclaimer and the
 * personal limit. A saved address is saved for good, so e911@ saves in the default brand's first
 * frame and erl@ (replacing a personal location) in its last; the second frame draws the form and
 * its confirmation from erl@'s new personal location.
 */
export const emergency: Journey = {
  name: 'emergency',
  screens: [
    'emergencyEditor',
    'emergencyConfirm',
    'emergencySaved',
    'emergencyChooseLocation',
    'emergencyDeleteReplacement',
    'emergencyOutOfCountry',
    'emergencyReplace',
  ],
  brands: ['1210', '7710', '7310'],
  async run(context) {
    const { frame, lastOfBrand, shoot } = context;
    if (frame.brand !== '1210' || !lastOfBrand) {
      const demo = addressDemos[frame.brand as keyof typeof addressDemos];
      const page = await toEmergency(context, demo.email);
      await onEditor(page);
      await shoot(page, 'emergencyEditor', { more: true });
      await fillAddress(page, demo.address);
      await button(page, 'Verify address').click();
      await onConfirm(page);
      await shoot(page, 'emergencyConfirm', { more: true });
      // The US demo's address is offered as a suggestion; the UK and Canadian ones are accepted as typed.
      await button(page, /^(Use this address|Continue)$/).click();
      await shoot(page, 'emergencySaved');
    }
    if (frame.brand !== '1210') return;

    const page = await toEmergency(context, 'erl@example.com');
    await onChooser(page);
    await shoot(page, 'emergencyChooseLocation', { more: true });
    await button(page, 'Delete Studio').click();
    await shoot(page, 'emergencyDeleteReplacement', { more: true });
    await button(page, 'Back').click();
    await onChooser(page);
    await button(page, /^I'm outside /).click();
    await shoot(page, 'emergencyOutOfCountry', { more: true });
    await button(page, 'Back').click();
    await onChooser(page);
    await button(page, 'Add new personal location').click();
    await onEditor(page);
    await shoot(page, 'emergencyEditor', { more: true });
    await fillAddress(page, { Nickname: 'Garage', ...menloPark });
    await button(page, 'Verify address').click();
    await onConfirm(page);
    await shoot(page, 'emergencyConfirm', { more: true });
    await button(page, 'Use this address').click();
    await shoot(page, 'emergencyReplace', { more: lastOfBrand });
    if (!lastOfBrand) return;
    await page.getByRole('radio', { name: /^Cabin/ }).check();
    await button(page, 'Replace').click();
    await shoot(page, 'emergencySaved');
  },
};

/**
 * No demo account has an address set with its order (spec §5), so the reply about the device is
 * marked locked on its way in, as test/browser/emergency-regions.test.ts does to draw the order-locked page.
 */
async function markDevicesLocked(page: Page) {
  await page.route('**/api/account/list-device-emergency-address**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { deviceEmergencyAddresses: Record<string, unknown>[] } };
    for (const device of body.data.deviceEmergencyAddresses) device.locked = true;
    await route.fulfill({ response, json: body });
  });
}

/** The E911 pages that say why there is nothing to enter, or that the address on file changed. */
export const emergencyNotices: Journey = {
  name: 'emergencyNotices',
  screens: [
    'emergencyNoLocations',
    'emergencyByoc',
    'emergencyNoDigitalLine',
    'emergencyVersionChanged',
    'emergencyLocked',
    'emergencyLoading',
  ],
  brands: ['1210'],
  async run(context) {
    const cases: { email: string; screen: string; prepare?: (page: Page) => Promise<unknown> }[] = [
      { email: 'noerl@example.com', screen: 'emergencyNoLocations' },
      { email: 'byoc@example.com', screen: 'emergencyByoc' },
      { email: 'nodl@example.com', screen: 'emergencyNoDigitalLine' },
      { email: 'e911stale@example.com', screen: 'emergencyVersionChanged' },
      { email: 'e911stale@example.com', screen: 'emergencyLocked', prepare: markDevicesLocked },
      // A failed load: the page offers Try again.
      {
        email: 'e911stale@example.com',
        screen: 'emergencyLoading',
        prepare: (page) => failOnce(page, '**/api/account/extension-tracking-info**'),
      },
    ];
    for (const { email, screen, prepare } of cases) {
      const page = await toEmergency(context, email, prepare);
      await onScreen(page, /#\/emergencyAddress/, screen);
      await context.shoot(page, screen);
    }
  },
};
