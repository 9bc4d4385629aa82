import { createHash, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { acrOf } from '../auth/amr.ts';
import type { PlatformSession } from '../auth/session.service.ts';
import type { User } from '../auth/users.service.ts';
import type { IdTokenAlg, SignInClaims } from '../db/schema.oauth.ts';
import { claimsForScope } from './claims.ts';
import type { SigningKeys } from './signing-keys.ts';

/** As long as the access token issued with it: a relying party's session check, not a credential. */
export const ID_TOKEN_LIFETIME_S = 3600;

/** Whether a grant's scope asks for an ID token. */
export const wantsIdToken = (scope: string) => scope.split(' ').includes('openid');

/** The sign-in an ID token states, from the session that made it (sid is the session's public id). */
export const signInClaimsOf = (
  session: Pick<PlatformSession, 'publicId' | 'createdAt' | 'amr'>,
): SignInClaims => ({
  sid: session.publicId,
  auth_time: Math.floor(session.createdAt.getTime() / 1000),
  amr: [...session.amr],
  acr: acrOf(session.amr),
});

export interface IdTokenGrant {
  issuer: string;
  client: { id: string; idTokenSignedResponseAlg: IdTokenAlg };
  user: User;
  scope: string;
  signIn: SignInClaims;
  /** The authorisation request's nonce, exactly as sent; none on a refresh (Core §12.2). */
  nonce?: string | null | undefined;
  /** The access token issued alongside, for at_hash. */
  accessToken: string;
}

/**
 * at_hash (Core §3.1.3.6): the left half of the access token's hash, by the hash of the ID token's
 * algorithm; RS256 and ES256 both use SHA-256.
 */
export const accessTokenHash = (accessToken: string) =>
  createHash('sha256').update(accessToken, 'ascii').digest().subarray(0, 16).toString('base64url');

/** An ID token (Core §2), signed by the ring's key of the client's algorithm. */
export async function signIdToken(keys: SigningKeys, grant: IdTokenGrant, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const { kid, alg, privateKey } = await keys.signer(grant.client.idTokenSignedResponseAlg);
  const { sub: _, ...scoped } = claimsForScope(grant.user, grant.scope);
  return new SignJWT({
    ...scoped,
    azp: grant.client.id,
    auth_time: grant.signIn.auth_time,
    ...(grant.nonce ? { nonce: grant.nonce } : {}),
    at_hash: accessTokenHash(grant.accessToken),
    sid: grant.signIn.sid,
    amr: grant.signIn.amr,
    acr: grant.signIn.acr,
  })
    .setProtectedHeader({ alg, typ: 'JWT', kid })
    .setIssuer(grant.issuer)
    .setSubject(grant.user.extensionId)
    .setAudience(grant.client.id)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ID_TOKEN_LIFETIME_S)
    .setJti(randomUUID())
    .sign(privateKey);
}
