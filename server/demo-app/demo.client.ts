import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, type JSONWebKeySet, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import type { DemoApp } from './demo.apps.ts';

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
}

/**
 * A demo app's OAuth side: a real public client built on oauth4webapi, talking to the server only
 * through its published metadata. `fetch` is injected so tests can route it in process.
 */
export function createDemoClient(options: { issuer: string; fetch: Fetch; app: DemoApp }) {
  const { app } = options;
  const issuer = new URL(options.issuer);
  const client: oauth.Client = { client_id: app.clientId };
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
      .discoveryRequest(issuer, { ...http, algorithm: 'oauth2' })
      .then((response) => oauth.processDiscoveryResponse(issuer, response))
      .catch((error: unknown) => {
        metadata = undefined;
        throw error;
      });
    return metadata;
  };

  return {
    async authorizationUrl(extra: Record<string, string>): Promise<{ url: string; pending: PendingLogin }> {
      const as = await server();
      const codeVerifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
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
      }).toString();
      return { url: url.href, pending: { codeVerifier, state } };
    },

    /** RP-Initiated Logout: where to send the browser so Foyer signs it out and comes back here. */
    async endSessionUrl(state: string): Promise<string> {
      const as = await server();
      const url = new URL(as.end_session_endpoint ?? `${options.issuer}/oauth/logout`);
      url.search = new URLSearchParams({
        client_id: app.clientId,
        post_logout_redirect_uri: signedOutUri,
        state,
      }).toString();
      return url.href;
    },

    async exchange(callback: URL, pending: PendingLogin): Promise<oauth.TokenEndpointResponse> {
      const as = await server();
      const params = oauth.validateAuthResponse(as, client, callback, pending.state);
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.None(),
        params,
        redirectUri,
        pending.codeVerifier,
        http,
      );
      return oauth.processAuthorizationCodeResponse(as, client, response);
    },

    async refresh(refreshToken: string): Promise<oauth.TokenEndpointResponse> {
      const as = await server();
      const response = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshToken, http);
      return oauth.processRefreshTokenResponse(as, client, response);
    },

    /** RFC 8628 §3.1: the device authorization request a meeting-room display makes (server/demo-room). */
    async startDevice(): Promise<oauth.DeviceAuthorizationResponse> {
      const as = await server();
      const response = await oauth.deviceAuthorizationRequest(
        as,
        client,
        oauth.None(),
        { scope: app.scope },
        http,
      );
      return oauth.processDeviceAuthorizationResponse(as, client, response);
    },

    /** One device poll (RFC 8628 §3.4); authorization_pending and the rest arrive as ResponseBodyError. */
    async pollDevice(deviceCode: string): Promise<oauth.TokenEndpointResponse> {
      const as = await server();
      const response = await oauth.deviceCodeGrantRequest(as, client, oauth.None(), deviceCode, http);
      return oauth.processDeviceCodeResponse(as, client, response);
    },

    async revoke(token: string): Promise<void> {
      const as = await server();
      await oauth.processRevocationResponse(
        await oauth.revocationRequest(as, client, oauth.None(), token, http),
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
