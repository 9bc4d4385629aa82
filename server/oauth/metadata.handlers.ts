import { Hono } from 'hono';
import { REAL_LOCALES } from '../../api/contract/locales.ts';
import { toLanguageTag } from '../../i18n/language-tag.ts';
import { ACR_LEVELS } from '../auth/amr.ts';
import type { Database } from '../db/client.ts';
import { clients, ID_TOKEN_ALGS, TOKEN_ENDPOINT_AUTH_METHODS } from '../db/schema.ts';
import { DEVICE_CODE_GRANT_TYPE } from '../db/seed-data.ts';
import { CLAIMS_SUPPORTED } from './claims.ts';
import { CLIENT_ASSERTION_ALGS } from './client-assertion-algs.ts';
import type { SigningKeys } from './signing-keys.ts';

export interface MetadataDeps {
  db: Database;
  issuer: string;
  keys: SigningKeys;
}

/**
 * One document for both addresses: RFC 8414's and OpenID Connect Discovery 1.0's (a superset of the
 * first, so the two never disagree). Derived from the issuer, so it follows the port the server really
 * listens on, and https wherever the public origin is (production requires it: server/env.ts).
 */
export async function authorizationServerMetadata({ db, issuer }: MetadataDeps) {
  const rows = await db.select({ scopes: clients.scopes }).from(clients);
  const scopes = [...new Set(rows.flatMap((row) => row.scopes.map((scope) => scope.id)))];
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/oauth/token`,
    userinfo_endpoint: `${issuer}/oauth/userinfo`,
    revocation_endpoint: `${issuer}/oauth/revoke`,
    introspection_endpoint: `${issuer}/oauth/introspect`,
    // RFC 8628 §4: room activation (docs/room-activation.md).
    device_authorization_endpoint: `${issuer}/oauth/device_authorization`,
    // OpenID Connect RP-Initiated Logout 1.0 §2.1 (docs/sessions.md).
    end_session_endpoint: `${issuer}/oauth/logout`,
    jwks_uri: `${issuer}/oauth/jwks`,
    scopes_supported: scopes,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token', DEVICE_CODE_GRANT_TYPE],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: [...ID_TOKEN_ALGS],
    acr_values_supported: [...ACR_LEVELS],
    claims_supported: [...CLAIMS_SUPPORTED],
    claim_types_supported: ['normal'],
    claims_parameter_supported: false,
    request_parameter_supported: false,
    // Its default is true (Discovery §3), so it must be said.
    request_uri_parameter_supported: false,
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: [...TOKEN_ENDPOINT_AUTH_METHODS],
    token_endpoint_auth_signing_alg_values_supported: [...CLIENT_ASSERTION_ALGS],
    revocation_endpoint_auth_methods_supported: [...TOKEN_ENDPOINT_AUTH_METHODS],
    revocation_endpoint_auth_signing_alg_values_supported: [...CLIENT_ASSERTION_ALGS],
    // For the platform's resource servers: confidential clients only.
    introspection_endpoint_auth_methods_supported: TOKEN_ENDPOINT_AUTH_METHODS.filter(
      (method) => method !== 'none',
    ),
    introspection_endpoint_auth_signing_alg_values_supported: [...CLIENT_ASSERTION_ALGS],
    prompt_values_supported: ['none', 'login', 'consent', 'select_account'],
    display_values_supported: ['page', 'touch', 'mobile'],
    ui_locales_supported: REAL_LOCALES.map(toLanguageTag),
    claims_locales_supported: ['en-US'],
    authorization_response_iss_parameter_supported: true,
    backchannel_logout_supported: true,
    backchannel_logout_session_supported: true,
    frontchannel_logout_supported: false,
  };
}

/** GET /.well-known/openid-configuration, /.well-known/oauth-authorization-server and /oauth/jwks. */
export function metadataRoutes(deps: MetadataDeps) {
  const document = async () => authorizationServerMetadata(deps);
  // Read by browser apps' libraries too (oidc-client-ts), so any origin may fetch them.
  const CORS = { 'Access-Control-Allow-Origin': '*' };
  return new Hono()
    .get('/.well-known/openid-configuration', async (c) =>
      c.json(await document(), 200, { 'Cache-Control': 'no-cache', ...CORS }),
    )
    .get('/.well-known/oauth-authorization-server', async (c) =>
      c.json(await document(), 200, { 'Cache-Control': 'no-cache', ...CORS }),
    )
    .get('/oauth/jwks', async (c) =>
      c.json(await deps.keys.jwks(), 200, { 'Cache-Control': 'public, max-age=300', ...CORS }),
    );
}
