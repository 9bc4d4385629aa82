import { type StartupParams, type StartupQuery, startupParamsSchema } from '../../api/contract/startup.ts';
import type { CodeRequest } from '../authorisation/authorisation.service.ts';
import { type Client, resolveScope } from '../clients/clients.service.ts';
import type { TrustedDeviceClaim } from '../two-factor/trusted-device.ts';
import { type PromptRequest, readPrompt } from './prompt.ts';

/** The OAuth parameters GET /oauth/authorize reads besides client_id and redirect_uri (platform-facts.md). */
/**
 * The SPA's own start-up parameters (spec §2) a partner may add to its authorisation request; they
 * reach the SPA unchanged and its schema bounds them.
 */
export const SPA_PARAMS = [
  'title_bar',
  'show_sub_title',
  'appName',
  'theme',
  'external_browser',
  'loginAutomation',
  'targetUrl',
  'fallbackUrl',
  'noActionOnFail',
  'appParams',
  'entryLocation',
  'rdr',
  'discovery',
  'response_hint',
] as const;

export const AUTHORIZE_PARAMS = [
  ...SPA_PARAMS,
  'response_type',
  'state',
  'scope',
  'code_challenge',
  'code_challenge_method',
  'prompt',
  'max_age',
  'ui_options',
  'brand_id',
  'localeId',
  'ui_locales',
  'display',
  'login_hint',
  // OpenID Connect Core §3.1.2.1: nonce goes into the ID token; id_token_hint names the person;
  // acr_values and claims_locales are accepted and change nothing (docs/openid-connect.md).
  'nonce',
  'id_token_hint',
  'acr_values',
  'claims_locales',
  'request',
  'request_uri',
] as const;

/** Each present at most once. */
export type AuthorizeParams = Partial<Record<(typeof AUTHORIZE_PARAMS)[number], string>>;

export type AuthorizeOutcome =
  | {
      ok: true;
      /** The SPA's start-up query, without `force`: that depends on the browser's sessions. */
      query: StartupQuery;
      /** The same query as the page reads it (its schema's output): what the start-up rule decides by. */
      startup: StartupParams;
      /** The scope granted if the user agrees: the request's, or all of the client's. */
      scope: string;
      prompt: PromptRequest;
    }
  | {
      ok: false;
      error:
        | 'invalid_request'
        | 'unsupported_response_type'
        | 'invalid_scope'
        | 'request_not_supported'
        | 'request_uri_not_supported';
      description: string;
    };

/** As generate-code's schema bounds it (api/contract/authorisation.ts). */
const NONCE_MAX_LENGTH = 512;

/** Startup-query names as the partner wrote them, so error descriptions name the parameter they sent. */
const OAUTH_NAMES: Record<string, string> = {
  appUrlScheme: 'redirect_uri',
  brandId: 'brand_id',
  codeChallenge: 'code_challenge',
  codeChallengeMethod: 'code_challenge_method',
};

/**
 * Checks an authorisation request whose client and redirect URI are already known to be good, and turns
 * it into the SPA's start-up query. The SPA's own schema bounds every forwarded value, so the limits live
 * in one place (api/contract/startup.ts).
 */
export function toStartupQuery(
  client: Client,
  redirectUri: string,
  params: AuthorizeParams,
): AuthorizeOutcome {
  if (params.response_type === undefined) return invalid('response_type is required');
  // Request objects (Core §6) are not supported, and their own error codes say so.
  if (params.request !== undefined)
    return { ok: false, error: 'request_not_supported', description: 'Request objects are not supported' };
  if (params.request_uri !== undefined)
    return { ok: false, error: 'request_uri_not_supported', description: 'request_uri is not supported' };
  if (params.response_type !== 'code') {
    return { ok: false, error: 'unsupported_response_type', description: 'response_type must be code' };
  }
  if (params.code_challenge === undefined) {
    if (client.requirePkce) return invalid('code_challenge is required (PKCE with S256)');
    if (params.code_challenge_method !== undefined)
      return invalid('code_challenge_method without code_challenge');
  } else if (params.code_challenge_method !== 'S256') {
    // A missing method means "plain" (RFC 7636 §4.3), which this server does not accept.
    return invalid('code_challenge_method must be S256');
  }
  const scope = resolveScope(client, params.scope);
  if (!scope.ok) {
    return {
      ok: false,
      error: 'invalid_scope',
      description: `Unknown scope: ${scope.unknown.join(' ').slice(0, 200)}`,
    };
  }
  // Forwarded values end up in the SPA's address, in generate-code and in stored rows; a control
  // character (NUL above all, which PostgreSQL text cannot hold) has no use in any of them, and refusing
  // it here tells the partner at once instead of failing after the user has signed in.
  const controlled = AUTHORIZE_PARAMS.find((name) => hasControlCharacter(params[name] ?? ''));
  if (controlled) return invalid(`${controlled} must not contain control characters`);
  // The SPA's start-up schema does not read the nonce (machines/signInCalls.ts does); generate-code's
  // bound, checked here so the partner hears of it before anyone signs in.
  if ((params.nonce?.length ?? 0) > NONCE_MAX_LENGTH)
    return invalid(`nonce must be at most ${NONCE_MAX_LENGTH} characters`);
  const prompt = readPrompt(params.prompt, params.max_age);
  if (!prompt.ok) return invalid(prompt.description);
  const query: StartupQuery = {
    clientId: client.id,
    appUrlScheme: redirectUri,
    responseType: 'code',
    scope: scope.scope,
  };
  const forwarded = {
    state: params.state,
    localeId: params.localeId,
    ui_locales: params.ui_locales,
    brandId: params.brand_id,
    ui_options: honouredUiOptions(client, params.ui_options, prompt.prompt),
    prompt: params.prompt,
    display: params.display,
    login_hint: params.login_hint,
    codeChallenge: params.code_challenge,
  } as const;
  for (const name of SPA_PARAMS)
    if (params[name] !== undefined) (query as Record<string, string>)[name] = params[name];
  for (const [name, value] of Object.entries(forwarded))
    if (value !== undefined) (query as Record<string, string>)[name] = value; // validated below
  if (params.code_challenge !== undefined) query.codeChallengeMethod = 'S256';
  if (params.nonce !== undefined) (query as Record<string, string>).nonce = params.nonce;
  const checked = startupParamsSchema.safeParse(query);
  if (!checked.success) {
    const [issue] = checked.error.issues;
    const name = String(issue?.path[0] ?? 'request');
    return invalid(`${OAUTH_NAMES[name] ?? name}: ${issue?.message ?? 'invalid'}`);
  }
  return { ok: true, query, startup: checked.data, scope: scope.scope, prompt: prompt.prompt };
}

/**
 * ui_options as forwarded. hide_consent skips the consent page, so it is honoured for first-party apps
 * only: a third party must not decide for the user what the user agrees to share with it. prompt=consent
 * asks for the page explicitly, so it drops hide_consent too. Other tokens stay as the app wrote them.
 */
function honouredUiOptions(client: Client, uiOptions: string | undefined, prompt: PromptRequest) {
  if (uiOptions === undefined) return undefined;
  const tokens = uiOptions.split(/[\s,]+/).filter((token) => token !== '');
  if (!tokens.includes('hide_consent') || (client.firstParty && !prompt.consent)) return uiOptions;
  const kept = tokens.filter((token) => token !== 'hide_consent');
  return kept.length > 0 ? kept.join(' ') : undefined;
}

/** C0 controls and DEL (checked by code point: the linter rightly flags control characters in a regex). */
function hasControlCharacter(value: string): boolean {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

function invalid(description: string): AuthorizeOutcome {
  return { ok: false, error: 'invalid_request', description };
}

/**
 * The code request /oauth/authorize makes when it answers itself (prompt=none, a returning user): the
 * checked request's fields, for whichever session the caller then issues it to.
 */
export function codeRequestOf(request: {
  issuer: string;
  client: Client;
  redirectUri: string;
  params: AuthorizeParams;
  scope: string;
  trustedDevice: readonly TrustedDeviceClaim[];
}): Omit<CodeRequest, 'userId' | 'sessionId'> {
  const { params } = request;
  return {
    issuer: request.issuer,
    client: request.client,
    redirectUri: request.redirectUri,
    responseType: 'code',
    scope: request.scope,
    state: params.state,
    codeChallenge: params.code_challenge,
    codeChallengeMethod: params.code_challenge !== undefined ? 'S256' : undefined,
    nonce: params.nonce,
    trustedDevice: request.trustedDevice,
  };
}
