import { createLocalJWKSet, type JSONWebKeySet, type JWTPayload, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import { expect } from 'vitest';
import { ADA, type CookieJar, ORIGIN, requestStartupCode, signInWith, type TestServer } from './harness.ts';

/**
 * Test support (not a test): a relying party as the OpenID Foundation's test suite plays one, built on
 * oauth4webapi (an independent implementation, not Foyer's code), talking to the in-process app. Where
 * /oauth/authorize hands the browser to the SPA, it does what the SPA does: signs in when the page would
 * show the credential page, then sends generate-code with the start-up query's fields.
 */
export interface RelyingPartyOptions {
  clientId?: string;
  redirectUri?: string;
  clientAuth?: oauth.ClientAuth;
  /** oauth4webapi's client metadata (e.g. id_token_signed_response_alg). */
  metadata?: Partial<oauth.Client>;
}

export function relyingParty(server: TestServer, options: RelyingPartyOptions = {}) {
  const client: oauth.Client = { client_id: options.clientId ?? 'demo-app', ...options.metadata };
  const redirectUri = options.redirectUri ?? `${ORIGIN}/demo-app/callback`;
  const clientAuth = options.clientAuth ?? oauth.None();
  const http = {
    [oauth.customFetch]: async (
      url: string,
      init: { method: string; headers: Record<string, string>; body?: unknown },
    ) => server.app.request(url, init as RequestInit),
    [oauth.allowInsecureRequests]: true,
  };
  const issuer = new URL(ORIGIN);
  let discovered: oauth.AuthorizationServer | undefined;
  const as = async () => {
    discovered ??= await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { ...http, algorithm: 'oidc' }),
    );
    return discovered;
  };

  /** A fresh authorisation request's own values: state, nonce and a PKCE pair. */
  const request = async (params: Record<string, string> = {}) => {
    const verifier = oauth.generateRandomCodeVerifier();
    const values = {
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: redirectUri,
      scope: 'openid',
      state: oauth.generateRandomState(),
      nonce: oauth.generateRandomNonce(),
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      ...params,
    };
    for (const [name, value] of Object.entries(values))
      if (value === '') delete (values as Record<string, string>)[name];
    return { values, verifier };
  };

  /** GET /oauth/authorize as the browser sends it. */
  const authorize = async (jar: CookieJar, params: Record<string, string>) =>
    jar.absorb(
      await server.app.request(`/oauth/authorize?${new URLSearchParams(params)}`, {
        headers: { cookie: jar.header },
      }),
    );

  /**
   * Follows one authorisation request to the app's redirect URI: straight there when the server
   * answered; through the SPA otherwise, signing `user` in when the page would ask for a password.
   */
  async function untilCallback(
    jar: CookieJar,
    params: Record<string, string>,
    user: { email: string; password: string } = ADA,
  ): Promise<URL> {
    const response = await authorize(jar, params);
    expect(response.status).toBe(302);
    const target = new URL(response.headers.get('location') ?? '', ORIGIN);
    if (target.pathname !== '/') return target;
    const startup = target.searchParams;
    if (startup.get('force') === 'true' || !jar.header) await signInWith(server.app, jar, user);
    const code = await requestStartupCode(server.app, jar, startup);
    expect(code.status).toBe(200);
    return new URL(((await code.json()) as { data: { redirectUri: string } }).data.redirectUri);
  }

  /** The JWKS the provider publishes, for checking signatures as a library does. */
  const verifyIdToken = async (idToken: string) => {
    const jwks = (await (await server.app.request('/oauth/jwks')).json()) as JSONWebKeySet;
    return jwtVerify(idToken, createLocalJWKSet(jwks), {
      issuer: ORIGIN,
      audience: client.client_id,
      algorithms: [String(client.id_token_signed_response_alg ?? 'RS256')],
    });
  };

  /** The whole code flow; the ID token validated by oauth4webapi (claims) and jose (signature). */
  async function signIn(
    jar: CookieJar,
    params: Record<string, string> = {},
    options: { user?: { email: string; password: string }; maxAge?: number } = {},
  ) {
    const { values, verifier } = await request(params);
    const callback = await untilCallback(jar, values, options.user);
    const callbackParams = oauth.validateAuthResponse(await as(), client, callback, values.state);
    const response = await oauth.authorizationCodeGrantRequest(
      await as(),
      client,
      clientAuth,
      callbackParams,
      redirectUri,
      verifier,
      http,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(await as(), client, response, {
      expectedNonce: values.nonce ?? oauth.expectNoNonce,
      requireIdToken: true,
      ...(options.maxAge !== undefined ? { maxAge: options.maxAge } : {}),
    });
    const claims = oauth.getValidatedIdTokenClaims(tokens) as oauth.IDToken & JWTPayload;
    await verifyIdToken(tokens.id_token ?? '');
    return { tokens, claims, request: values };
  }

  return {
    client,
    as,
    http,
    clientAuth,
    request,
    authorize,
    untilCallback,
    signIn,
    verifyIdToken,
    async refresh(refreshToken: string) {
      const response = await oauth.refreshTokenGrantRequest(
        await as(),
        client,
        clientAuth,
        refreshToken,
        http,
      );
      const tokens = await oauth.processRefreshTokenResponse(await as(), client, response);
      return { tokens, claims: oauth.getValidatedIdTokenClaims(tokens) };
    },
    async userInfo(accessToken: string, sub: string) {
      const response = await oauth.userInfoRequest(await as(), client, accessToken, http);
      return oauth.processUserInfoResponse(await as(), client, sub, response);
    },
  };
}
