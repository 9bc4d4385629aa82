import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  createPartner,
  enterCredential,
  enterPassword,
  expectAccessible,
  type Harness,
  iPhone,
} from './harness.ts';

/**
 * What the two E911 browser test files share (emergency.test.ts, emergency-locations.test.ts): the way
 * into the flow, its pages by route and data-screen, the editor's controls by their visible labels, and
 * the addresses the demo accounts type.
 */
export const password = 'Violet-Harbor-47';

export type Partner = Awaited<ReturnType<typeof createPartner>>;

export interface SignInOptions {
  brandId?: string;
  mobile?: boolean;
  /** A browser that already signed in (the page opens as a new tab of it). */
  context?: BrowserContext;
  /** prompt=login: the password again in a browser that already has a session. */
  promptLogin?: boolean;
}

/** The partner's authorize request, the password and consent: the code request then answers 701 or 702. */
export async function signInAs(harness: Harness, email: string, options: SignInOptions = {}) {
  const partner = await createPartner(harness.origin);
  if (options.brandId) partner.authorizationUrl.searchParams.set('brand_id', options.brandId);
  if (options.promptLogin) partner.authorizationUrl.searchParams.set('prompt', 'login');
  const { page, context } = options.context
    ? { context: options.context, page: await options.context.newPage() }
    : await harness.newPage(options.mobile ? iPhone : {});
  const callback = await partner.captureCallback(page);
  await page.goto(partner.authorizationUrl.href);
  await enterCredential(page, email);
  await enterPassword(page, password);
  await page.waitForURL(/#\/consent$/);
  // en_US "Authorize", en_GB "Authorise" (the brand's locale).
  await page.getByRole('button', { name: /^Authori[sz]e$/ }).click();
  return { page, context, partner, callback };
}

/** The E911 page the flow shows, settled (its own data-screen inside the emergency screen). */
export async function onScreen(page: Page, route: RegExp, screen: string) {
  await page.waitForURL(route);
  await page.locator(`[data-screen="emergency"] [data-screen="${screen}"]`).waitFor();
}
/** The editor once its country's form has loaded (while it loads, the page shows a progress indicator). */
export async function onEditor(page: Page) {
  await onScreen(page, /#\/emergencyAddress\/edit$/, 'emergencyEditor');
  await page.locator('[data-screen="emergencyEditor"] form:not([aria-busy="true"])').waitFor();
}
export const onConfirm = (page: Page) => onScreen(page, /#\/emergencyAddress\/confirm$/, 'emergencyConfirm');
export const onChooser = (page: Page) =>
  onScreen(page, /#\/emergencyAddress\/locations$/, 'emergencyChooseLocation');

/** The app got its code and exchanged it for tokens: the sign-in went all the way. */
export async function expectTokens(partner: Partner, callback: () => Promise<URL>) {
  const tokens = await partner.exchange(await callback());
  expect(tokens.access_token).toBeTruthy();
}

/** A control of the editor by its label as shown (a required one's label ends with its mark, '*'). */
export const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`));

/** Fills the editor's fields by their visible labels: text typed, lists chosen by the name shown. */
export async function fillAddress(page: Page, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    const control = field(page, label);
    if ((await control.evaluate((element) => element.tagName)) === 'SELECT')
      await control.selectOption({ label: value });
    else await control.fill(value);
  }
}

export const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: true });

/** The editor's error summary (GOV.UK's pattern), named by its heading. */
export const errorSummary = (page: Page) => page.getByRole('group', { name: 'There is a problem' });
/** A field's own message under it, by the field's name (the summary repeats it as a link). */
export const fieldMessage = (page: Page, name: string) => page.locator(`#emergency-${name}-error`);
const summaryFocused = (page: Page) =>
  page.evaluate(() => document.activeElement?.hasAttribute('data-error-summary') === true);

/**
 * A refused Verify's answer: one error summary, focused, listing exactly these messages in the form's
 * order (each a link), and nothing else on the page speaking as a live region: announced once.
 */
export async function expectErrorSummary(page: Page, messages: readonly string[]) {
  await expect.poll(() => errorSummary(page).getByRole('link').allTextContents()).toEqual(messages);
  await expect.poll(() => summaryFocused(page)).toBe(true);
  expect(await page.locator('[data-error-summary]').count()).toBe(1);
  const speaking = await page.evaluate(() =>
    [...document.querySelectorAll('[role="alert"], [role="status"], [aria-live]')]
      .map((region) => region.textContent?.trim() ?? '')
      .filter((text) => text !== ''),
  );
  expect(speaking).toEqual([]);
}
/** The page-level message of an E911 page (role=alert). */
export const pageError = (page: Page, screen: string) => page.locator(`#${screen}-error`);
export const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
export const brandOf = (page: Page) => page.locator('[data-brand]').first().getAttribute('data-brand');
export const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** The saved page ('A new address may take up to 48 hours or more to take effect'), axe, then Continue. */
export async function continueFromSaved(page: Page, label: string) {
  await onScreen(page, /#\/emergencyAddress\/saved$/, 'emergencySaved');
  await page.getByText('A new address may take up to 48 hours or more to take effect.').waitFor();
  await expectAccessible(page, label);
  await button(page, 'Continue').click();
}

/** Requests to a URL pattern fail once on the network (connection reset), then go through. */
export async function failOnce(page: Page, pattern: string) {
  let failures = 0;
  await page.route(pattern, async (route) => {
    if (failures > 0) return route.continue();
    failures += 1;
    return route.abort('connectionreset');
  });
  return () => failures;
}

/** A GET of the account's E911 data with this browser's session cookie, as the page's own client makes it. */
export async function accountCall<T>(page: Page, name: string): Promise<T> {
  const reply = await page.evaluate(async (path) => {
    const response = await fetch(`/api/account/${path}?clientId=demo-app`, { credentials: 'same-origin' });
    return { status: response.status, body: await response.json() };
  }, name);
  expect(reply.status).toBe(200);
  return (reply.body as { data: T }).data;
}

/** A POST of an E911 call with this browser's session cookie (what another tab of the account would do). */
export async function accountPost<T>(page: Page, name: string, body: object): Promise<T> {
  const reply = await page.evaluate(
    async ({ path, json }) => {
      const response = await fetch(`/api/account/${path}?clientId=demo-app`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...json, clientId: 'demo-app' }),
      });
      return { status: response.status, body: await response.json() };
    },
    { path: name, json: body },
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return (reply.body as { data: T }).data;
}

/** US addresses for the +1 650 accounts (the area code serves California). */
export const mountainView = {
  'Street address': '1600 Amphitheatre Pkwy',
  City: 'Mountain View',
  State: 'California',
  'ZIP code': '94043',
};
export const menloPark = {
  'Street address': '350 Sharon Park Dr',
  City: 'Menlo Park',
  State: 'California',
  'ZIP code': '94025',
};
export const ukAddress = {
  'Street address': '10 Downing Street',
  'Post town': 'London',
  County: 'Westminster',
  Postcode: 'SW1A 2AA',
};
export const toronto = {
  'Street address': '100 Queen St W',
  City: 'Toronto',
  Province: 'Ontario',
  'Postal code': 'M5H 2N2',
};
