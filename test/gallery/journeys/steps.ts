import type { Page } from 'playwright-core';
import { STATE_DEMO_PASSWORD } from '../../../server/db/seed-user.ts';
import { AUTHORIZE, enterCredential, enterPassword } from '../../browser/harness.ts';
import type { JourneyContext } from '../journey.ts';

/** The steps most journeys share, made of test/browser/harness.ts's helpers. */

/** The partner's authorisation request in the journey's frame, the credential and the password, up to consent. */
export async function toConsent(
  context: JourneyContext,
  page: Page,
  email: string,
  password: string = STATE_DEMO_PASSWORD,
) {
  const partner = await context.partner();
  const callback = await partner.captureCallback(page);
  await page.goto(partner.authorizationUrl.href);
  await enterCredential(page, email);
  await enterPassword(page, password);
  await page.waitForURL(/#\/consent$/);
  return { partner, callback };
}

/** Authorize (Authorise in British English) on the consent page. */
export const approve = (page: Page) => page.getByRole('button', { name: AUTHORIZE }).click();

/** The partner's authorisation request up to the password page (an account's own page may follow the password). */
export async function toPasswordPage(context: JourneyContext, page: Page, email: string) {
  const partner = await context.partner();
  const callback = await partner.captureCallback(page);
  await page.goto(partner.authorizationUrl.href);
  await enterCredential(page, email);
  await page.waitForURL(/#\/enterPassword\//);
  return { partner, callback };
}
