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

  constructor(error: TokenErrorCode, description: string) {
    super(description);
    this.name = 'OAuthFailure';
    this.error = error;
    this.httpStatus = error === 'invalid_client' ? 401 : error === 'server_error' ? 500 : 400;
  }
}

export const invalidGrant = (description: string) => new OAuthFailure('invalid_grant', description);
