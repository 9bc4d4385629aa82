import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
  errors as joseErrors,
  jwtVerify,
} from 'jose';
import * as oauth from 'oauth4webapi';
import type { DemoApp } from './demo.apps.ts';

/** An unknown key makes the app re-read the JWKS, at most this often (a forged kid must not flood the server). */
const KEYS_REREAD_MS = 10_000;

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** An OAuth error as the demo app shows it: the error code and its description. */
export interface DemoError {
  error: string;
  description: string;
}

export interface DecodedAccessToken {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
  /** Whether the signature, issuer and type check out against the server's published JWKS. */
  verified: boolean;
}

export interface PendingLogin {
  codeVerifier: string;
  state: string;
  /** OpenID Connect: sent with the request, required back in the ID token (replay protection). */
  nonce?: string | undefined;
}

/** What the app holds after a code exchange or a refresh: the tokens, and the ID token's checked claims. */
export interface SignedInTokens {
  tokens: oauth.TokenEndpointResponse;
  idToken?: { raw: string; header: Record<string, unknown>; claims: oauth.IDToken } | undefined;
}

/**
 * A demo app's OAuth side: a real public client built on oauth4webapi, talking to the server only
 * through its published metadata. `fetch` is injected so tests can route it in process.
 */
export function createDemoClient(options: { issuer: string; fetch: Fetch; app: DemoApp; now?: () => Date }) {
  const { app } = options;
  const issuer = new URL(options.issuer);
  const openid = app.scope.split(' ').includes('openid');
  // The app's clock may be the server's test clock: claims (iat, exp) are checked against it.
  const client = (): oauth.Client => ({
    client_id: app.clientId,
    id_token_signed_response_alg: 'RS256',
    [oauth.clockSkew]: Math.round(((options.now?.() ?? new Date()).getTime() - Date.now()) / 1000),
  });
  const redirectUri = `${options.issuer}${app.redirectPath}`;
  const signedOutUri = `${options.issuer}${app.signedOutPath}`;
  const http = {
    [oauth.customFetch]: (
      url: string,
      init: { method: string; headers: Record<string, string>; body?: unknown },
    ) => options.fetch(url, init as RequestInit),
    // Local development runs on plain http; production origins are https and keep the check.
    [oauth.allowInsecureRequests]: issuer.protocol === 'http:',
  };
  let metadata: Promise<oauth.AuthorizationServer> | undefined;
  const server = () => {
    metadata ??= oauth
      .discoveryRequest(issuer, { ...http, algorithm: openid ? 'oidc' : 'oauth2' })
      .then((response) => oauth.processDiscoveryResponse(issuer, response))
      .catch((error: unknown) => {
        metadata = undefined;
        throw error;
      });
    return metadata;
  };

  /** Over TLS the token endpoint's word is enough (oauth4webapi); an app keeping ID tokens checks them anyway. */
  const withIdToken = async (
    as: oauth.AuthorizationServer,
    response: Response,
    tokens: oauth.TokenEndpointResponse,
  ): Promise<SignedInTokens> => {
    const claims = oauth.getValidatedIdTokenClaims(tokens);
    if (!claims || tokens.id_token === undefined) return { tokens };
    await oauth.validateApplicationLevelSignature(as, response, http);
    const header = decodeProtectedHeader(tokens.id_token) as Record<string, unknown>;
    return { tokens, idToken: { raw: tokens.id_token, header, claims } };
  };

  // The published keys, fetched once and again when a token names a key not seen yet (a rotation).
  let keySet: { verify: ReturnType<typeof createLocalJWKSet>; at: number } | undefined;
  const readKeys = async (uri: string) => ({
    verify: createLocalJWKSet((await (await options.fetch(uri)).json()) as JSONWebKeySet),
    at: Date.now(),
  });
  const publishedKeys =
    (as: oauth.AuthorizationServer): JWTVerifyGetKey =>
    async (header, token) => {
      if (!as.jwks_uri) throw new Error('The server publishes no jwks_uri');
      keySet ??= await readKeys(as.jwks_uri);
      try {
        return await keySet.verify(header, token);
      } catch (error) {
        if (!(error instanceof joseErrors.JWKSNoMatchingKey) || Date.now() - keySet.at < KEYS_REREAD_MS)
          throw error;
        keySet = await readKeys(as.jwks_uri);
        return keySet.verify(header, token);
      }
    };

  return {
    async authorizationUrl(extra: Record<string, string>): Promise<{ url: string; pending: PendingLogin }> {
      const as = await server();
      const codeVerifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      const nonce = openid ? oauth.generateRandomNonce() : undefined;
      const url = new URL(as.authorization_endpoint ?? `${options.issuer}/oauth/authorize`);
      url.search = new URLSearchParams({
        ...extra,
        ...(app.uiOptions !== undefined ? { ui_options: app.uiOptions } : {}),
        client_id: app.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: app.scope,
        state,
        code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        ...(nonce !== undefined ? { nonce } : {}),
      }).toString();
      return { url: url.href, pending: { codeVerifier, state, nonce } };
    },

    /**
     * RP-Initiated Logout: where to send the browser so Foyer signs it out and comes back here; with the
     * ID token as id_token_hint, Foyer ends that sign-in without asking.
     */
    async endSessionUrl(state: string, idTokenHint?: string): Promise<string> {
      const as = await server();
      const url = new URL(as.end_session_endpoint ?? `${options.issuer}/oauth/logout`);
      url.search = new URLSearchParams({
        client_id: app.clientId,
        post_logout_redirect_uri: signedOutUri,
        state,
        ...(idTokenHint !== undefined ? { id_token_hint: idTokenHint } : {}),
      }).toString();
      return url.href;
    },

    async exchange(callback: URL, pending: PendingLogin): Promise<SignedInTokens> {
      const as = await server();
      const params = oauth.validateAuthResponse(as, client(), callback, pending.state);
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        client(),
        oauth.None(),
        params,
        redirectUri,
        pending.codeVerifier,
        http,
      );
      const tokens = await oauth.processAuthorizationCodeResponse(as, client(), response, {
        expectedNonce: pending.nonce ?? oauth.expectNoNonce,
        requireIdToken: openid,
      });
      return withIdToken(as, response, tokens);
    },

    async refresh(refreshToken: string): Promise<SignedInTokens> {
      const as = await server();
      const response = await oauth.refreshTokenGrantRequest(as, client(), oauth.None(), refreshToken, http);
      return withIdToken(as, response, await oauth.processRefreshTokenResponse(as, client(), response));
    },

    /** OpenID Connect UserInfo with the access token; the reply's sub must be the ID token's. */
    async userInfo(accessToken: string, subject: string | undefined): Promise<oauth.UserInfoResponse> {
      const as = await server();
      const response = await oauth.userInfoRequest(as, client(), accessToken, http);
      return oauth.processUserInfoResponse(as, client(), subject ?? oauth.skipSubjectCheck, response);
    },

    /** The issuer and published keys, for checking what the server posts (demo.backchannel.ts). */
    async verifier(): Promise<{ issuer: string; keys: JWTVerifyGetKey }> {
      const as = await server();
      return { issuer: as.issuer, keys: publishedKeys(as) };
    },

    /** RFC 8628 §3.1: the device authorization request a meeting-room display makes (server/demo-room). */
    async startDevice(): Promise<oauth.DeviceAuthorizationResponse> {
      const as = await server();
      const response = await oauth.deviceAuthorizationRequest(
        as,
        client(),
        oauth.None(),
        { scope: app.scope },
        http,
      );
      return oauth.processDeviceAuthorizationResponse(as, client(), response);
    },

    /** One device poll (RFC 8628 §3.4); authorization_pending and the rest arrive as ResponseBodyError. */
    async pollDevice(deviceCode: string): Promise<oauth.TokenEndpointResponse> {
      const as = await server();
      const response = await oauth.deviceCodeGrantRequest(as, client(), oauth.None(), deviceCode, http);
      return oauth.processDeviceCodeResponse(as, client(), response);
    },

    async revoke(token: string): Promise<void> {
      const as = await server();
      await oauth.processRevocationResponse(
        await oauth.revocationRequest(as, client(), oauth.None(), token, http),
      );
    },

    async decode(accessToken: string): Promise<DecodedAccessToken> {
      const as = await server();
      const header = decodeProtectedHeader(accessToken) as Record<string, unknown>;
      const claims = decodeJwt(accessToken) as Record<string, unknown>;
      let verified = false;
      if (as.jwks_uri) {
        const jwks = (await (await options.fetch(as.jwks_uri)).json()) as JSONWebKeySet;
        verified = await jwtVerify(accessToken, createLocalJWKSet(jwks), {
          issuer: as.issuer,
          typ: 'at+jwt',
        }).then(
          () => true,
          () => false,
        );
      }
      return { header, claims, verified };
    },
  };
}

export type DemoClient = ReturnType<typeof createDemoClient>;

/** What went wrong, in OAuth terms, whichever layer of oauth4webapi noticed. */
export function toDemoError(error: unknown): DemoError {
  if (error instanceof oauth.ResponseBodyError || error instanceof oauth.AuthorizationResponseError) {
    return { error: error.error, description: error.error_description ?? '' };
  }
  if (error instanceof oauth.OperationProcessingError) {
    return { error: 'invalid_response', description: error.message };
  }
  return {
    error: 'client_error',
    description: error instanceof Error ? error.message : 'Unexpected failure',
  };
}
