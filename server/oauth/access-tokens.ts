import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type JWTPayload, jwtVerify, SignJWT } from 'jose';
import type { Database } from '../db/client.ts';
import { revokedAccessTokens } from '../db/schema.ts';
import { SIGNING_ALG, type SigningKeys } from './signing-keys.ts';

export const ACCESS_TOKEN_LIFETIME_S = 3600;

export interface AccessTokenGrant {
  issuer: string;
  subject: string;
  clientId: string;
  scope: string;
}

export interface SignedAccessToken {
  token: string;
  jti: string;
  expiresAt: Date;
}

/** An RFC 9068 JWT access token. The audience is the platform API, which lives at the issuer's origin. */
export async function signAccessToken(
  keys: SigningKeys,
  grant: AccessTokenGrant,
  now: Date,
): Promise<SignedAccessToken> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ACCESS_TOKEN_LIFETIME_S;
  const jti = randomUUID();
  const { kid, privateKey } = await keys.signer();
  const token = await new SignJWT({ client_id: grant.clientId, scope: grant.scope })
    .setProtectedHeader({ alg: SIGNING_ALG, typ: 'at+jwt', kid })
    .setIssuer(grant.issuer)
    .setSubject(grant.subject)
    .setAudience(grant.issuer)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(jti)
    .sign(privateKey);
  return { token, jti, expiresAt: new Date(exp * 1000) };
}

/** The claims of a token this server signed, whatever its expiry; undefined for anything else. */
export async function readOwnAccessToken(
  keys: SigningKeys,
  issuer: string,
  token: string,
): Promise<JWTPayload | undefined> {
  try {
    const { payload } = await jwtVerify(token, keys.verificationKeys, {
      issuer,
      typ: 'at+jwt',
      algorithms: [SIGNING_ALG],
      // Revocation must still work on a token that expired a moment ago.
      currentDate: new Date(0),
    });
    return payload;
  } catch {
    return undefined;
  }
}

/**
 * What a resource server of the platform would do: signature, issuer, audience, expiry, then the
 * revocation list. Undefined when the token must be refused.
 */
export async function verifyAccessToken(
  db: Database,
  keys: SigningKeys,
  issuer: string,
  token: string,
  now: Date,
): Promise<JWTPayload | undefined> {
  try {
    const { payload } = await jwtVerify(token, keys.verificationKeys, {
      issuer,
      audience: issuer,
      typ: 'at+jwt',
      algorithms: [SIGNING_ALG],
      currentDate: now,
      requiredClaims: ['jti', 'sub', 'client_id', 'scope'],
    });
    const revoked = await db
      .select({ jti: revokedAccessTokens.jti })
      .from(revokedAccessTokens)
      .where(eq(revokedAccessTokens.jti, payload.jti as string));
    return revoked.length > 0 ? undefined : payload;
  } catch {
    return undefined;
  }
}

export async function revokeAccessTokens(
  db: Database,
  tokens: { jti: string; expiresAt: Date }[],
  now: Date,
) {
  const live = tokens.filter((token) => token.expiresAt > now);
  if (live.length === 0) return;
  await db
    .insert(revokedAccessTokens)
    .values(live.map((token) => ({ ...token, revokedAt: now })))
    .onConflictDoNothing();
}
