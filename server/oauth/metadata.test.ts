import type { JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, ORIGIN, type TestServer } from '../testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const read = async (path: string) =>
  (await server.app.request(path)).json() as Promise<Record<string, unknown>>;

describe('metadata', () => {
  it('publishes one document at the RFC 8414 and the OpenID Connect Discovery addresses', async () => {
    const oauth = await read('/.well-known/oauth-authorization-server');
    const openid = await read('/.well-known/openid-configuration');
    expect(openid).toEqual(oauth);
    expect(oauth).toMatchObject({
      issuer: ORIGIN,
      authorization_endpoint: `${ORIGIN}/oauth/authorize`,
      token_endpoint: `${ORIGIN}/oauth/token`,
      userinfo_endpoint: `${ORIGIN}/oauth/userinfo`,
      revocation_endpoint: `${ORIGIN}/oauth/revoke`,
      introspection_endpoint: `${ORIGIN}/oauth/introspect`,
      device_authorization_endpoint: `${ORIGIN}/oauth/device_authorization`,
      end_session_endpoint: `${ORIGIN}/oauth/logout`,
      jwks_uri: `${ORIGIN}/oauth/jwks`,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: [
        'authorization_code',
        'refresh_token',
        'urn:ietf:params:oauth:grant-type:device_code',
      ],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256', 'ES256'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: [
        'none',
        'client_secret_basic',
        'client_secret_post',
        'private_key_jwt',
      ],
      request_uri_parameter_supported: false,
      authorization_response_iss_parameter_supported: true,
      backchannel_logout_supported: true,
      backchannel_logout_session_supported: true,
    });
    expect(oauth.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'profile', 'email', 'phone', 'offline_access', 'ReadAccounts']),
    );
    expect(oauth.claims_supported).toEqual(
      expect.arrayContaining(['sub', 'auth_time', 'nonce', 'amr', 'acr', 'sid', 'email', 'phone_number']),
    );
    const locales = oauth.ui_locales_supported as string[];
    expect(locales).toHaveLength(23);
    expect(locales).toEqual(expect.arrayContaining(['en-US', 'de-DE', 'es-419', 'ja-JP', 'fr-CA']));
  });

  it('publishes only public keys in the JWKS: an ES256 and an RS256 key', async () => {
    const jwks = (await (await server.app.request('/oauth/jwks')).json()) as JSONWebKeySet;
    expect(jwks.keys.map((key) => key.alg).sort()).toEqual(['ES256', 'RS256']);
    expect(jwks.keys.find((key) => key.alg === 'ES256')).toMatchObject({
      kty: 'EC',
      crv: 'P-256',
      use: 'sig',
    });
    expect(jwks.keys.find((key) => key.alg === 'RS256')).toMatchObject({ kty: 'RSA', e: 'AQAB', use: 'sig' });
    for (const key of jwks.keys)
      for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(key).not.toHaveProperty(secret);
  });
});

describe('metadata under production', () => {
  it('names only https addresses when the public origin is https (which production requires)', async () => {
    const app = server.appWith({ publicOrigin: 'https://signin.example' });
    const document = (await (await app.request('/.well-known/openid-configuration')).json()) as Record<
      string,
      unknown
    >;
    expect(document.issuer).toBe('https://signin.example');
    const urls = Object.values(document).filter(
      (value): value is string => typeof value === 'string' && value.includes('://'),
    );
    expect(urls.length).toBeGreaterThanOrEqual(9);
    for (const url of urls) expect(url.startsWith('https://signin.example/')).toBe(url !== document.issuer);
  });
});
