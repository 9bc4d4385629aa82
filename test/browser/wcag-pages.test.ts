import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  createPartner,
  demo,
  enterCredential,
  enterPassword,
  harnessPerFile,
  newestOutboxText,
} from './harness.ts';
import { auditPage, fieldsOf, languageListIssues, tour, zoomedDesktop } from './wcag.helpers.ts';

/**
 * WCAG 2.2 AA beyond axe on the page families off the main path (test/browser/wcag.test.ts has the
 * main path and docs/accessibility.md the table): password reset, account pages, the login option
 * and single sign-on pages, error and warning pages; titles in another language; and the checks
 * themselves, shown to find each defect they look for.
 */
const harness = harnessPerFile();

async function open(params: Record<string, string> = {}) {
  const partner = await createPartner(harness().origin);
  for (const [name, value] of Object.entries(params)) partner.authorizationUrl.searchParams.set(name, value);
  const { page } = await harness().newPage(zoomedDesktop);
  await page.goto(partner.authorizationUrl.href);
  await page.locator('main#main:not([aria-busy]) [data-screen]').first().waitFor();
  return page;
}

// The form's username (for password managers) is a hidden field, not one the person fills.
const newPasswordFields = { password: 'new-password', passwordRetype: 'new-password' };

describe('WCAG 2.2 AA off the main path', () => {
  it('reset@: recovery, check your email, the new password, reset done', async () => {
    const page = await open();
    await enterCredential(page, 'reset@example.com');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.waitForURL(/#\/resetPassword\/email\//);
    const pages = tour(page);
    await pages.visit('recovery by email', { email: 'email' });
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.waitForURL(/#\/resetPassword\/sendEmailSuccess\//);
    await pages.visit('check your email');
    await page.goto(
      /open (\S+)/.exec(await newestOutboxText(harness().origin, 'reset@example.com'))?.[1] ?? '',
    );
    await page.getByLabel('New password', { exact: true }).waitFor();
    await pages.visit('new password', newPasswordFields);
    await page.getByLabel('New password', { exact: true }).fill('Lantern-Pier-58');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Lantern-Pier-58');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.waitForURL(/#\/resetComplete$/);
    await pages.visit('password reset');
    pages.expectClean();
  });

  it('enforced@ and notactivated@: the enforced change and the activation form', async () => {
    const page = await open();
    await enterCredential(page, 'enforced@example.com');
    await enterPassword(page, demo.ada.password);
    await page.waitForURL(/#\/enforceResetPassword$/);
    await page.getByLabel('New password', { exact: true }).waitFor();
    const pages = tour(page);
    await pages.visit('enforced password change', newPasswordFields);
    const activation = await open();
    await enterCredential(activation, 'notactivated@example.com');
    await enterPassword(activation, demo.ada.password);
    await activation.waitForURL(/#\/activateAccount$/);
    await activation.getByRole('button', { name: 'Email me an activation code' }).click();
    await activation.getByLabel('Activation code').waitFor();
    const activationPages = tour(activation);
    await activationPages.visit('activation', {
      code: 'one-time-code',
      currentPassword: 'current-password',
      answer: 'off',
    });
    pages.expectClean();
    activationPages.expectClean();
  });

  it('options@: the login option page; prompt=sso: the single sign-on page', async () => {
    const page = await open();
    await enterCredential(page, 'options@example.com');
    await page.waitForURL(/#\/loginOption$/);
    await page.locator('[data-screen="loginOption"]').waitFor();
    const pages = tour(page);
    await pages.visit('login option');
    const sso = await open({ prompt: 'sso' });
    await sso.waitForURL(/#\/ssoLogin$/);
    const ssoPages = tour(sso);
    await ssoPages.visit('single sign-on', { email: 'username' });
    await page.getByRole('button', { name: 'Email me a sign-in link', exact: true }).click();
    await page.waitForURL(/#\/expressLink$/);
    await pages.visit('sign-in link');
    await page.getByRole('button', { name: 'Send link', exact: true }).click();
    await page.waitForURL(/#\/expressLink\/sent$/);
    await pages.visit('sign-in link sent');
    pages.expectClean();
    ssoPages.expectClean();
  });

  it('pages reached by address: errors, a warning, the retired-app notice, room activation', async () => {
    const partner = await createPartner(harness().origin);
    partner.authorizationUrl.searchParams.set('redirect_uri', 'https://attacker.example/steal');
    const retired = new URLSearchParams({
      response_type: 'code',
      client_id: 'retired-app',
      redirect_uri: `${harness().origin}/retired-app/callback`,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const query = (extra: Record<string, string>) =>
      new URLSearchParams({ clientId: demo.clientId, force: 'true', ...extra });
    // Each address loads the app afresh in the one page, as a link or redirect opening it would.
    const addresses: [string, string, RegExp][] = [
      ['retired app', `/oauth/authorize?${retired}`, /#\/retiredApp$/],
      ['no permission', `/?${query({ errorCode: 'NO_RCM_PERMISSION' })}`, /#\/error\/NO_RCM_PERMISSION$/],
      ['session warning', `/?${query({})}#/warning/221`, /#\/warning\/221$/],
      [
        'refused redirect',
        `${partner.authorizationUrl.pathname}${partner.authorizationUrl.search}`,
        /API_ERROR_208$/,
      ],
    ];
    const { page } = await harness().newPage(zoomedDesktop);
    const pages = tour(page);
    for (const [label, address, route] of addresses) {
      await page.goto(`${harness().origin}${address}`);
      await page.waitForURL(route);
      await pages.visit(label);
    }
    pages.expectClean();
    // The room's page is its own brand's (7310), with its own footer.
    await page.goto(`${harness().origin}/device?user_code=bcdf-ghjk`);
    await page.locator('[data-screen="roomActivation"]').waitFor();
    const room = tour(page);
    await room.visit('room activation', { roomCode: 'off' });
    room.expectClean();
  });

  it('the toast bar: an account-locked message, then the no-connection alert', async () => {
    const page = await open();
    await enterCredential(page, 'locked@example.com');
    await enterPassword(page, demo.ada.password);
    await page.getByRole('alert').filter({ hasText: 'locked' }).waitFor();
    const pages = tour(page);
    await pages.visit('password, account locked', { password: 'current-password' });
    // The connection gone as the credential page asks who the user is.
    await page.getByRole('button', { name: 'Change' }).click();
    await page.locator('input[name="credential"]').waitFor();
    await page.route('**/api/login-info**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('offline-alert').waitFor();
    await pages.visit('credential, no connection', { credential: 'username' });
    pages.expectClean();
  });
});

/** Credential, password and consent in a language of the address's, each page audited as a tour. */
async function tourIn(tag: string) {
  const page = await open({ ui_locales: tag });
  const pages = tour(page);
  await pages.visit(`credential (${tag})`, { credential: 'username' });
  expect(await languageListIssues(page)).toEqual([]);
  await page.locator('input[name="credential"]').fill(demo.ada.email);
  await page.locator('[data-screen="enterCredential"] button[type="submit"]').click();
  await page.locator('[data-screen="enterPassword"]').waitFor();
  await pages.visit(`password (${tag})`, { password: 'current-password' });
  await page.locator('input[name="password"]').fill(demo.ada.password);
  await page.locator('[data-screen="enterPassword"] button[type="submit"]').click();
  await page.locator('[data-screen="consent"] h1').waitFor();
  await pages.visit(`consent (${tag})`);
  pages.expectClean();
  return pages.records.map((record) => record.title);
}

describe("other languages: titles in the person's language (2.4.2), longer and right-to-left text", () => {
  const catalogue = (locale: string) =>
    JSON.parse(readFileSync(`i18n/messages/${locale}.json`, 'utf8')) as Record<string, string>;
  const titlesOf = (messages: Record<string, string>) => [
    messages['credential.title'],
    messages['password.title'],
    messages['consent.title']
      ?.replace('{appName}', 'Demo Partner App')
      .replace('{brandName}', 'Orvalle Connect'),
  ];

  it('de_DE: each step titled from its own message, not the English one', async () => {
    const german = titlesOf(catalogue('de_DE'));
    expect(await tourIn('de-DE')).toEqual(german);
    const english = titlesOf(catalogue('en_US'));
    for (const [step, title] of german.entries()) expect(title).not.toBe(english[step]);
  });

  it.each([['en-XA'], ['en-XB']])(
    '%s: a third longer, or mirrored, nothing clipped or hidden',
    async (tag) => {
      expect(new Set(await tourIn(tag)).size).toBe(3);
    },
  );
});

describe('the checks find what they look for', () => {
  it('a covering bar, a small crowded target, a sideways overflow, clipped text, a refused paste, a wrong token', async () => {
    const page = await open();
    await page.evaluate(() => {
      const bar = document.createElement('div');
      Object.assign(bar.style, { position: 'fixed', inset: '50% 0 0 0', background: 'white', zIndex: '5' });
      document.body.append(bar);
      const cancel = document.querySelector<HTMLElement>(
        '[data-screen="enterCredential"] button[type="button"]',
      );
      const next = document.querySelector<HTMLElement>(
        '[data-screen="enterCredential"] button[type="submit"]',
      );
      for (const button of [cancel, next])
        Object.assign(button?.style ?? {}, {
          minHeight: '0',
          minWidth: '0',
          width: '16px',
          height: '16px',
          padding: '0',
        });
      Object.assign(next?.parentElement?.style ?? {}, { gap: '2px' });
      const title = document.querySelector<HTMLElement>('main h1');
      Object.assign(title?.style ?? {}, {
        width: '400px',
        height: '1em',
        overflow: 'hidden',
        whiteSpace: 'normal',
      });
      const field = document.querySelector<HTMLInputElement>('input[name="credential"]');
      field?.addEventListener('paste', (event) => event.preventDefault());
      field?.setAttribute('autocomplete', 'off');
    });
    const found = (await auditPage(page, 'planted')).issues.join('\n');
    expect(found).toMatch(/320 px: focused but covered by div/);
    expect(found).toMatch(/640 px: focused but covered by div/);
    expect(found).toMatch(
      /target 16 × 16 px, too close to enterCredential button "Cancel": enterCredential button "Next"/,
    );
    expect(found).toMatch(/the page scrolls sideways/);
    expect(found).toMatch(/clips its content below: enterCredential h1/);
    expect(await fieldsOf(page)).toEqual([
      { field: 'credential', autocomplete: 'off', pasteCancelled: true },
    ]);
  });
});
