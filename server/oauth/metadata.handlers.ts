import { Hono } from 'hono';
import type { Database } from '../db/client.ts';
import { clients } from '../db/schema.ts';
import { DEVICE_CODE_GRANT_TYPE } from '../db/seed-data.ts';
import type { SigningKeys } from './signing-keys.ts';

export interface MetadataDeps {
  db: Database;
  issuer: string;
  keys: SigningKeys;
}

/** RFC 8414 metadata, derived from the issuer so it follows the port the server really listens on. */
export async function authorizationServerMetadata({ db, issuer }: MetadataDeps) {
  const rows = await db.select({ scopes: clients.scopes }).from(clients);
  const scopes = [...new Set(rows.flatMap((row) => row.scopes.map((scope) => scope.id)))];
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/oauth/token`,
    revocation_endpoint: `${issuer}/oauth/revoke`,
    // RFC 8628 §4: room activation (docs/room-activation.md).
    device_authorization_endpoint: `${issuer}/oauth/device_authorization`,
    // OpenID Connect RP-Initiated Logout 1.0 §2.1 (docs/sessions.md).
    end_session_endpoint: `${issuer}/oauth/logout`,
    jwks_uri: `${issuer}/oauth/jwks`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token', DEVICE_CODE_GRANT_TYPE],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    scopes_supported: scopes,
  };
}

/** GET /.well-known/oauth-authorization-server and GET /oauth/jwks. */
export function metadataRoutes(deps: MetadataDeps) {
  return new Hono()
    .get('/.well-known/oauth-authorization-server', async (c) =>
      c.json(await authorizationServerMetadata(deps), 200, { 'Cache-Control': 'no-cache' }),
    )
    .get('/oauth/jwks', async (c) =>
      c.json(await deps.keys.jwks(), 200, { 'Cache-Control': 'public, max-age=300' }),
    );
}
