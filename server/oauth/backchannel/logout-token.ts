import { SignJWT } from 'jose';
import type { IdTokenAlg } from '../../db/schema.oauth.ts';
import { randomToken } from '../../security/tokens.ts';
import type { SigningKeys } from '../signing-keys.ts';

/** Back-Channel Logout 1.0 §2.4: the one event a logout token carries. */
export const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** §2.4 explicit typing (§4.1), so a logout token can never pass for an ID or access token. */
export const LOGOUT_TOKEN_TYPE = 'logout+jwt';
/** Short: the token is posted at once, and a retry signs a new one. */
export const LOGOUT_TOKEN_LIFETIME_S = 120;

export interface LogoutTokenSubject {
  clientId: string;
  sid: string;
  subject: string;
  /** The client's id_token_signed_response_alg: it verifies logout tokens as it verifies ID tokens. */
  alg: IdTokenAlg;
}

/**
 * A logout token (§2.4): iss, aud, iat, exp, a fresh jti, the event, sid and sub, and never a nonce (a
 * token with one must be refused, so it cannot be replayed as an ID token).
 */
export async function signLogoutToken(
  keys: SigningKeys,
  issuer: string,
  logout: LogoutTokenSubject,
  now: Date,
): Promise<string> {
  const { kid, alg, privateKey } = await keys.signer(logout.alg);
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: logout.sid, events: { [BACKCHANNEL_LOGOUT_EVENT]: {} } })
    .setProtectedHeader({ alg, kid, typ: LOGOUT_TOKEN_TYPE })
    .setIssuer(issuer)
    .setAudience(logout.clientId)
    .setSubject(logout.subject)
    .setIssuedAt(iat)
    .setExpirationTime(iat + LOGOUT_TOKEN_LIFETIME_S)
    .setJti(randomToken())
    .sign(privateKey);
}
