import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import { describe, expect, it } from 'vitest';
import {
  AUTHORIZE,
  createPartner,
  demo,
  enterCredential,
  enterPassword,
  expectAccessible,
  harnessPerFile,
} from './harness.ts';

const harness = harnessPerFile();

describe('a partner app signs a user in through Foyer', () => {
  it('starts at the metadata, drives the UI, exchanges the code, refreshes and revokes', async () => {
    const partner = await createPartner(harness().origin);
    const { page } = await harness().newPage();
    const callback = await partner.captureCallback(page);
    await page.goto(partner.authorizationUrl.href);

    await page.waitForURL(/#\/enterCredential$/);
    await expectAccessible(page, 'credential page');
    await enterCredential(page, demo.ada.email);

    await page.waitForURL(/#\/enterPassword\/email\/ada%40example\.com$/);
    await expectAccessible(page, 'password page');
    await enterPassword(page, demo.ada.password);

    await page.waitForURL(/#\/consent$/);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain('Demo Partner App');
    await expectAccessible(page, 'consent page');
    await page.getByRole('button', { name: AUTHORIZE }).click();

    const tokens = await partner.exchange(await callback());
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    const jwks = createRemoteJWKSet(new URL(partner.as.jwks_uri ?? ''));
    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, jwks, {
      issuer: partner.as.issuer,
    });
    expect(protectedHeader.typ).toBe('at+jwt');
    expect(payload.client_id).toBe(demo.clientId);

    const refreshed = await oauth.processRefreshTokenResponse(
      partner.as,
      partner.client,
      await oauth.refreshTokenGrantRequest(
        partner.as,
        partner.client,
        oauth.None(),
        tokens.refresh_token ?? '',
        partner.insecure,
      ),
    );
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);

    await oauth.processRevocationResponse(
      await oauth.revocationRequest(
        partner.as,
        partner.client,
        oauth.None(),
        refreshed.refresh_token ?? '',
        partner.insecure,
      ),
    );
    const afterRevoke = await oauth.refreshTokenGrantRequest(
      partner.as,
      partner.client,
      oauth.None(),
      refreshed.refresh_token ?? '',
      partner.insecure,
    );
    await expect(
      oauth.processRefreshTokenResponse(partner.as, partner.client, afterRevoke),
    ).rejects.toThrow();
  });

  it('the demo app shows the tokens and its refresh and revoke buttons work', async () => {
    const { page } = await harness().newPage();
    await page.goto(`${harness().origin}/demo-app`);
    await expectAccessible(page, 'demo app');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await enterCredential(page, demo.ada.email);
    await enterPassword(page, demo.ada.password);
    await page.getByRole('button', { name: AUTHORIZE }).click();
    await page.waitForURL(new RegExp(`^${harness().origin}/demo-app`));
    const claims = JSON.parse((await page.locator('#access-token-claims').textContent()) ?? '{}');
    expect(claims.client_id).toBe(demo.clientId);
    const firstRefresh = await page.locator('#refresh-token').textContent();
    await page.getByRole('button', { name: /refresh/i }).click();
    await expect.poll(() => page.locator('#refresh-token').textContent()).not.toBe(firstRefresh);
    await page.getByRole('button', { name: /revoke/i }).click();
    await expect.poll(() => page.locator('body').textContent()).toMatch(/revoked/i);
  });

  it('cancel returns user_cancelled to the app', async () => {
    const partner = await createPartner(harness().origin);
    const { page } = await harness().newPage();
    const callback = await partner.captureCallback(page);
    await page.goto(partner.authorizationUrl.href);
    await page.getByRole('button', { name: 'Cancel' }).click();
    const url = await callback();
    expect(url.searchParams.get('error')).toBe('user_cancelled');
    expect(url.searchParams.get('state')).toBe(partner.state);
  });

  it('reject returns access_denied with the spec description, shown by the demo app', async () => {
    const { page } = await harness().newPage();
    await page.goto(`${harness().origin}/demo-app`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await enterCredential(page, demo.ada.email);
    await enterPassword(page, demo.ada.password);
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL(new RegExp(`^${harness().origin}/demo-app/callback`));
    await expect.poll(() => page.locator('#oauth-error').textContent()).toBe('access_denied');
    expect(await page.locator('#oauth-error-description').textContent()).toBe(
      'The user denied access to your application',
    );
  });

  it('an unregistered redirect URI never redirects: Foyer shows the invalid-redirect page', async () => {
    const partner = await createPartner(harness().origin);
    const { page } = await harness().newPage();
    const hostile = new URL(partner.authorizationUrl);
    hostile.searchParams.set('redirect_uri', 'https://attacker.example/steal');
    const leaks: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith('https://attacker.example')) leaks.push(request.url());
    });
    await page.goto(hostile.href);
    await page.waitForURL(/#\/error\/API_ERROR_208$/);
    await expect
      .poll(() => page.getByTestId('error-message').textContent())
      .toBe('This redirect failed because URL blocked.');
    await expectAccessible(page, 'error page');
    expect(leaks).toEqual([]);
  });
});
