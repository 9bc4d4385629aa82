import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  AUTHORIZE,
  createPartner,
  demo,
  enterCredential,
  enterPassword,
  expectAccessible,
  harnessPerFile,
  settledScreen,
  watchForHostileEffects as watch,
} from './harness.ts';

const harness = harnessPerFile();

/** Each payload marks what it would create (id="pwned"), so "nothing from the payload exists" is one query. */
const payloads = {
  script: '<script id="pwned">alert(1)</script>',
  attribute: '"><img src=x id="pwned" onerror="alert(document.domain)">',
  javascriptUrl: 'javascript:alert(1)',
  overlong: 'a'.repeat(10_000),
  rtl: '\u202Eadmin\u202C@example.com',
  arabic: 'مستخدم@example.com',
  nullByte: 'ada\u0000@example.com',
};

async function openSignIn(page: Page, partner: Awaited<ReturnType<typeof createPartner>>) {
  await page.goto(partner.authorizationUrl.href);
  await page.waitForURL(/#\/enterCredential$/);
}

async function expectCredentialRefused(payload: string) {
  const partner = await createPartner(harness().origin);
  const { page } = await harness().newPage();
  const expectSafe = watch(page);
  await openSignIn(page, partner);
  const field = page.getByLabel('Email or phone number');
  await field.fill(payload);
  // The field may cut an overlong value at its maxlength; whatever it holds must survive the error.
  const typed = await field.inputValue();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect
    .poll(() => page.locator('#credential-error').textContent())
    .toMatch(/^We didn't find any matched account\./);
  expect(page.url()).toMatch(/#\/enterCredential$/);
  expect(await field.inputValue()).toBe(typed);
  await expectSafe();
}

describe('hostile text in the credential field', () => {
  const { nullByte: _, ...others } = payloads;
  it.each(Object.entries(others))(
    '%s: a specific error, the text kept, nothing run',
    async (_name, payload) => {
      await expectCredentialRefused(payload);
    },
  );
});

describe('a credential with a control character', () => {
  // Spec §5: an unparseable credential is refused in the page before any call, never sent to the server.
  it('nullByte: refused before any call with the not-found message, the text kept', async () => {
    await expectCredentialRefused(payloads.nullByte);
  });
});

/** One seeded account per payload: five wrong passwords in a row would lock a shared one. */
const passwordVictims = [
  'notconfirmed',
  'notactivated',
  'disabled',
  'extdisabled',
  'extfrozen',
  'upgrade',
  'trialexpired',
];

describe('hostile text in the password field', () => {
  it.each(
    Object.entries(payloads).map(([name, payload], index) => [
      name,
      payload,
      `${passwordVictims[index]}@example.com`,
    ]),
  )('%s: "do not match", nothing run', async (_name, payload, email) => {
    const partner = await createPartner(harness().origin);
    const { page } = await harness().newPage();
    const expectSafe = watch(page);
    await openSignIn(page, partner);
    await enterCredential(page, email);
    await page.waitForURL(/#\/enterPassword\//);
    await enterPassword(page, payload);
    await expect
      .poll(() => page.locator('#password-error').textContent())
      .toMatch(/^The email and password do not match/);
    expect(await page.getByTestId('signing-in-as').textContent()).toBe(email);
    await expectSafe();
  });
});

describe('hostile text in the SSO email field', () => {
  it.each(Object.entries(payloads))(
    '%s: a specific error, the text kept, nothing run',
    async (_name, payload) => {
      const partner = await createPartner(harness().origin);
      partner.authorizationUrl.searchParams.set('prompt', 'sso');
      const { page } = await harness().newPage();
      const expectSafe = watch(page);
      await page.goto(partner.authorizationUrl.href);
      await page.waitForURL(/#\/ssoLogin$/);
      const field = page.getByLabel('Work email');
      await field.fill(payload);
      const typed = await field.inputValue();
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      // Not an email: said so before any call; an email-shaped one is asked about and is not an SSO account.
      await expect
        .poll(() => page.locator('#email-error').textContent())
        .toMatch(/^(Enter a valid email address|Single sign-on is not enabled for your account)/);
      expect(page.url()).toMatch(/#\/ssoLogin$/);
      expect(await field.inputValue()).toBe(typed);
      await expectSafe();
    },
  );
});

/** Start-up parameters a partner (or an attacker's link) can put in the SPA's own address. */
const queryCases: [string, string, string][] = [
  ['state', 'script', payloads.script],
  ['state', 'nullByte', payloads.nullByte],
  ['state', 'overlong', payloads.overlong],
  ['appName', 'attribute', payloads.attribute],
  ['appName', 'rtl', payloads.rtl],
  ['appName', 'overlong', payloads.overlong],
  ['login_hint', 'attribute', payloads.attribute],
  ['login_hint', 'overlong', payloads.overlong],
  ['localeId', 'script', payloads.script],
  ['brandId', 'attribute', payloads.attribute],
  ['ui_options', 'script', `${payloads.script} skip_login_id_page`],
  ['errorCode', 'script', payloads.script],
  ['errorCode', 'overlong', payloads.overlong],
  ['appUrlScheme', 'javascriptUrl', payloads.javascriptUrl],
  ['theme', 'nullByte', payloads.nullByte],
  ['show_sub_title', 'script', payloads.script],
  ['prompt', 'attribute', `${payloads.attribute} sso`],
];

describe('hostile start-up parameters in the SPA address', () => {
  it.each(queryCases)(
    '%s=%s: a screen (or the invalid-parameters page), never a script',
    async (name, _label, value) => {
      const { page } = await harness().newPage();
      const expectSafe = watch(page);
      const query = new URLSearchParams({ clientId: demo.clientId, force: 'true', [name]: value });
      await page.goto(`${harness().origin}/?${query}`);
      await expectSafe();
      const screen = await settledScreen(page).getAttribute('data-screen');
      // prompt's markup tokens are dropped and its sso token kept: the SSO page.
      expect(name === 'prompt' ? ['ssoLogin'] : ['enterCredential', 'error']).toContain(screen);
      if (screen === 'error') {
        // The address follows the screen a moment later (a passive effect), so wait for it.
        await page.waitForURL(/#\/error\/INVALID_PARAMETERS$/);
        await expect
          .poll(() => page.getByTestId('error-message').textContent())
          .toMatch(/^The sign-in link is missing information/);
      }
      // Text the page shows from the address is shown as text.
      if (name === 'appName' && screen === 'enterCredential') {
        expect(await page.locator('body').textContent()).toContain(value.slice(0, 40));
      }
    },
  );

  it('the invalid-parameters page names the field, not the value, and is accessible', async () => {
    const { page } = await harness().newPage();
    const expectSafe = watch(page);
    const query = new URLSearchParams({ clientId: demo.clientId, state: payloads.overlong });
    await page.goto(`${harness().origin}/?${query}`);
    await page.waitForURL(/#\/error\/INVALID_PARAMETERS$/);
    await expect.poll(() => page.locator('body').textContent()).toContain('state');
    expect(await page.locator('body').textContent()).not.toContain('aaaaaaaaaaaaaaaa');
    await expectSafe();
    await expectAccessible(page, 'invalid-parameters page');
  });

  it('appUrlScheme=javascript:alert(1): cancel ends on the invalid-redirect page, never at the URL', async () => {
    const { page } = await harness().newPage();
    const expectSafe = watch(page);
    const query = new URLSearchParams({
      clientId: demo.clientId,
      force: 'true',
      appUrlScheme: payloads.javascriptUrl,
    });
    await page.goto(`${harness().origin}/?${query}`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/#\/error\/API_ERROR_208$/);
    await expect
      .poll(() => page.getByTestId('error-message').textContent())
      .toContain('This redirect failed because URL blocked.');
    await expectSafe();
  });

  it('appUrlScheme=javascript:alert(1): signing in and approving ends on the invalid-redirect page', async () => {
    const { page } = await harness().newPage();
    const expectSafe = watch(page);
    const query = new URLSearchParams({
      clientId: demo.clientId,
      force: 'true',
      appUrlScheme: payloads.javascriptUrl,
    });
    await page.goto(`${harness().origin}/?${query}`);
    await enterCredential(page, demo.ada.email);
    await enterPassword(page, demo.ada.password);
    await page.getByRole('button', { name: AUTHORIZE }).click();
    await page.waitForURL(/#\/error\/API_ERROR_208$/);
    await expectSafe();
  });

  it('a state with markup and RTL text survives sign-in and comes back to the partner unchanged', async () => {
    const partner = await createPartner(harness().origin);
    const { page } = await harness().newPage();
    const expectSafe = watch(page);
    const callback = await partner.captureCallback(page);
    const hostile = new URL(partner.authorizationUrl);
    const state = `${payloads.attribute}${payloads.rtl}`;
    hostile.searchParams.set('state', state);
    await page.goto(hostile.href);
    await enterCredential(page, demo.ada.email);
    await enterPassword(page, demo.ada.password);
    await page.getByRole('button', { name: AUTHORIZE }).click();
    const url = await callback();
    expect(url.searchParams.get('state')).toBe(state);
    expect(url.searchParams.get('code')).toBeTruthy();
    await expectSafe({ onSpa: false });
  });

  it('a state with a NUL is refused by /oauth/authorize at once, with the state returned', async () => {
    const partner = await createPartner(harness().origin);
    const { page } = await harness().newPage();
    const hostile = new URL(partner.authorizationUrl);
    hostile.searchParams.set('state', payloads.nullByte);
    // A redirect's target is not routed by playwright, so the demo app's real callback page answers.
    await page.goto(hostile.href);
    await page.waitForURL(/\/demo-app\/callback\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('error')).toBe('invalid_request');
    expect(url.searchParams.get('error_description')).toBe('state must not contain control characters');
    expect(url.searchParams.get('state')).toBe(payloads.nullByte);
  });
});

describe('hostile redirect_uri at /oauth/authorize', () => {
  it.each([
    ['javascriptUrl', payloads.javascriptUrl],
    ['attribute', payloads.attribute],
    ['overlong', `http://localhost/${payloads.overlong}`],
    ['nullByte', `http://localhost/demo-app/callback${payloads.nullByte}`],
  ])('%s: the invalid-redirect page, no request leaves', async (_label, redirectUri) => {
    const partner = await createPartner(harness().origin);
    const { page } = await harness().newPage();
    const expectSafe = watch(page);
    const leaks: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(harness().origin)) leaks.push(request.url());
    });
    const hostile = new URL(partner.authorizationUrl);
    hostile.searchParams.set('redirect_uri', redirectUri);
    await page.goto(hostile.href);
    await page.waitForURL(/#\/error\/API_ERROR_208$/);
    await expectSafe();
    expect(leaks).toEqual([]);
  });
});

/** Calls the API the way the SPA does (JSON, clientId in query and body), with hostile values. */
async function post(path: string, body: Record<string, unknown>) {
  const response = await fetch(`${harness().origin}${path}?clientId=${demo.clientId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: demo.clientId, ...body }),
  });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}

describe('hostile API bodies', () => {
  const values = Object.values(payloads);

  it.each([
    ['/api/login-info', (value: string) => ({ username: value })],
    ['/api/login-info', (value: string) => ({ username: demo.ada.phone, extension: value })],
    ['/api/login', (value: string) => ({ username: value, password: value })],
    ['/api/login', (value: string) => ({ username: demo.ada.email, password: value })],
    ['/api/verifyRedirectURI', (value: string) => ({ appUrlScheme: value })],
    ['/api/number/parse', (value: string) => ({ number: value })],
    [
      '/api/post-authn/generate-code',
      (value: string) => ({ appUrlScheme: value, localeId: 'en_US', state: value, responseType: 'code' }),
    ],
  ])('%s: a 4xx JSON refusal for every payload, never a 500', async (path, build) => {
    for (const value of values) {
      const reply = await post(path, build(value));
      expect(reply.status, `${path} with ${JSON.stringify(value.slice(0, 40))}`).toBeGreaterThanOrEqual(400);
      expect(reply.status, `${path} with ${JSON.stringify(value.slice(0, 40))}`).toBeLessThan(500);
      expect(reply.type).toMatch(/^application\/json/);
      // Error messages name fields; a submitted payload is never echoed back.
      expect(reply.text).not.toContain('pwned');
    }
  });

  it('hostile query values on the GET endpoints and brand assets are refused without a 500', async () => {
    for (const value of values) {
      const encoded = encodeURIComponent(value);
      for (const path of [
        `/api/config/parameters?clientId=${demo.clientId}&brandId=${encoded}&localeId=${encoded}`,
        `/api/config/locales?clientId=${encoded}`,
        `/api/config/app-permissions?clientId=${demo.clientId}&localeId=${encoded}`,
        `/brand-assets/${encoded}/${encoded}.json`,
      ]) {
        const response = await fetch(`${harness().origin}${path}`);
        expect(response.status, `${path.slice(0, 80)}`).toBeLessThan(500);
        expect(await response.text()).not.toContain('pwned');
      }
    }
  });
});
