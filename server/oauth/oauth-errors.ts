import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** RFC 6749 §5.2 error codes the token, revocation and device authorization endpoints use. */
export type TokenErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'server_error'
  // RFC 8628 §3.5: the device access token request's answers while the person decides.
  | 'authorization_pending'
  | 'slow_down'
  | 'access_denied'
  | 'expired_token';

/** A deliberate OAuth error reply: `{ error, error_description }` with the matching HTTP status. */
export class OAuthFailure extends Error {
  readonly error: TokenErrorCode;
  readonly httpStatus: ContentfulStatusCode;
  /** Extra reply headers: the Basic challenge of a failed client authentication. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(error: TokenErrorCode, description: string, headers: Record<string, string> = {}) {
    super(description);
    this.name = 'OAuthFailure';
    this.error = error;
    this.httpStatus = error === 'invalid_client' ? 401 : error === 'server_error' ? 500 : 400;
    this.headers = headers;
  }
}

export const invalidGrant = (description: string) => new OAuthFailure('invalid_grant', description);

/**
 * RFC 6749 §5.2 invalid_client (401). `challenge`: the client tried HTTP Basic, or must authenticate,
 * so the reply says how (a WWW-Authenticate header is then required).
 */
export const invalidClient = (description: string, challenge: boolean) =>
  new OAuthFailure(
    'invalid_client',
    description,
    challenge ? { 'WWW-Authenticate': 'Basic realm="foyer"' } : {},
  );
