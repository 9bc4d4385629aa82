import type { Page } from 'playwright-core';
import type { Journey, JourneyContext } from '../journey.ts';
import { approve, toConsent } from './steps.ts';

/** Signed in and past consent as a notices demo (server/db/seed-notices.ts). */
async function afterConsent(context: JourneyContext, email: string) {
  const { page } = await context.open();
  await toConsent(context, page, email);
  await approve(page);
  return page;
}

/** The terms page once its text is in (its box shows with it). */
const termsShown = (page: Page) =>
  page.getByRole('checkbox', { name: 'I have read and accept the terms of service' }).waitFor();

/**
 * The notices after consent (docs/notices.md): the FedRAMP notice and the terms of service. The
 * demos of 7710 and 7310 have both: the FedRAMP notice is accepted (it is asked at every sign-in) to
 * show the terms. The terms are never accepted here, so every frame finds them due.
 */
export const notices: Journey = {
  name: 'notices',
  screens: ['fedrampNotice', 'termsOfService'],
  brands: ['1210', '7710', '7310', '3710'],
  async run(context) {
    const { frame, shoot } = context;
    if (frame.brand === '1210') {
      await shoot(await afterConsent(context, 'fedramp@example.com'), 'fedrampNotice');
      const terms = await afterConsent(context, 'tos@example.com');
      await termsShown(terms);
      await shoot(terms, 'termsOfService');
    } else if (frame.brand === '3710') {
      const terms = await afterConsent(context, 'tos3710@example.com');
      await termsShown(terms);
      await shoot(terms, 'termsOfService');
    } else {
      const page = await afterConsent(context, `notices${frame.brand}@example.com`);
      await shoot(page, 'fedrampNotice', { more: true });
      await page.getByRole('button', { name: 'Accept', exact: true }).click();
      await termsShown(page);
      await shoot(page, 'termsOfService');
    }
  },
};
