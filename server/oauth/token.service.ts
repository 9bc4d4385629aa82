import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { signInOfSession } from '../auth/session.service.ts';
import type { Client } from '../clients/clients.service.ts';
import type { Database } from '../db/client.ts';
import type { SignInClaims } from '../db/schema.oauth.ts';
import { authCodes, refreshTokens, users } from '../db/schema.ts';
import { randomToken, sha256Base64Url, sha256Hex } from '../security/tokens.ts';
import {
  ACCESS_TOKEN_LIFETIME_S,
  readOwnAccessToken,
  revokeAccessTokens,
  signAccessToken,
} from './access-tokens.ts';
import { signIdToken, signInClaimsOf, wantsIdToken } from './id-tokens.ts';
import { invalidGrant, OAuthFailure } from './oauth-errors.ts';
import type { SigningKeys } from './signing-keys.ts';

export const REFRESH_TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export interface TokenContext {
  db: Database;
  keys: SigningKeys;
  issuer: string;
  now: Date;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
  /** When the scope has openid (OpenID Connect Core §3.1.3.3, §12.2). */
  id_token?: string;
}

/** What tokens are issued for: one grant of one family. */
export interface TokenGrant {
  familyId: string;
  codeHash: string;
  client: Pick<Client, 'id' | 'idTokenSignedResponseAlg'>;
  userId: number;
  scope: string;
  /** The sign-in an ID token states; null for a grant that has none (the device grant). */
  signIn: SignInClaims | null;
  /** The authorisation request's nonce: only the code exchange's ID token carries it. */
  nonce?: string | null | undefined;
}

export interface CodeRedemption {
  code: string;
  redirectUri: string;
  codeVerifier?: string | undefined;
}

/** What a redeemed code grants: the token family's origin, its user and its scope, and its sign-in. */
export interface RedeemedCode {
  codeHash: string;
  userId: number;
  scope: string;
  sessionId: number;
  nonce: string | null;
}

/** authorization_code grant: the code redeemed (below), then tokens issued for it. */
export async function exchangeCode(
  ctx: TokenContext,
  client: Client,
  request: CodeRedemption,
): Promise<TokenResponse> {
  const { sessionId, ...code } = await redeemCode(ctx, client, request);
  // The sign-in as it stands now: a second factor completed after the code was issued counts.
  const signIn = wantsIdToken(code.scope) ? await signInClaimsOfSession(ctx.db, sessionId) : null;
  return issueTokens(ctx, { familyId: randomUUID(), client, ...code, signIn });
}

/**
 * Redeems an authorisation code without issuing tokens (exchangeCode issues them at once; the device
 * grant later, when the device polls: server/device). The code is consumed by one atomic update before
 * anything else is checked, so it can never be used twice, and a failed attempt (wrong verifier) burns
 * it too. A second use of a consumed code means it leaked: every token issued from it is revoked
 * (RFC 9700 §4.2.4).
 */
export async function redeemCode(
  ctx: TokenContext,
  client: Client,
  request: CodeRedemption,
): Promise<RedeemedCode> {
  const { db, now } = ctx;
  const codeHash = sha256Hex(request.code);
  const [code] = await db
    .update(authCodes)
    .set({ consumedAt: now })
    .where(and(eq(authCodes.codeHash, codeHash), isNull(authCodes.consumedAt)))
    .returning();
  if (!code) {
    await revokeFamilies(db, eq(refreshTokens.codeHash, codeHash), now);
    throw invalidGrant('The authorization code is invalid, expired or already used');
  }
  if (code.clientId !== client.id) throw invalidGrant('The authorization code was issued to another client');
  if (code.expiresAt <= now) throw invalidGrant('The authorization code has expired');
  if (code.redirectUri !== request.redirectUri)
    throw invalidGrant('redirect_uri does not match the authorization request');
  if (code.codeChallenge) {
    if (!request.codeVerifier) throw new OAuthFailure('invalid_request', 'code_verifier is required');
    if (sha256Base64Url(request.codeVerifier) !== code.codeChallenge)
      throw invalidGrant('code_verifier does not match');
  } else if (request.codeVerifier) {
    // RFC 9700 §2.1.1: a verifier without a challenge is a PKCE downgrade attempt.
    throw invalidGrant('code_verifier sent but the authorization request had no code_challenge');
  }
  return {
    codeHash,
    userId: code.userId,
    scope: code.scope,
    sessionId: code.sessionId,
    nonce: code.nonce,
  };
}

/**
 * refresh_token grant with rotation: each refresh token works once. Presenting a rotated one again means
 * two parties hold it, so the whole family is revoked (RFC 9700 §4.14.2).
 */
export async function refreshAccessToken(
  ctx: TokenContext,
  client: Client,
  request: { refreshToken: string; scope?: string | undefined },
): Promise<TokenResponse> {
  const { db, now } = ctx;
  const [token] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256Hex(request.refreshToken)))
    .limit(1);
  if (!token || token.clientId !== client.id) throw invalidGrant('The refresh token is invalid');
  if (token.revokedAt) throw invalidGrant('The refresh token has been revoked');
  if (token.expiresAt <= now) throw invalidGrant('The refresh token has expired');
  const [rotated] = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(
      and(eq(refreshTokens.id, token.id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)),
    )
    .returning({ id: refreshTokens.id });
  if (!rotated) {
    await revokeFamilies(db, eq(refreshTokens.familyId, token.familyId), now);
    throw invalidGrant('The refresh token was already used; its token family has been revoked');
  }
  const scope = narrowScope(token.scope, request.scope);
  return issueTokens(ctx, {
    familyId: token.familyId,
    codeHash: token.codeHash,
    client,
    userId: token.userId,
    scope,
    // Every refresh of an openid grant repeats the original sign-in (Core §12.2), without the nonce.
    signIn: token.idTokenClaims,
  });
}

/**
 * RFC 7009 revocation. Refresh tokens revoke their family (and its access tokens); a JWT access token's
 * id goes on the revocation list. Tokens that are unknown, or another client's, are ignored silently so
 * the endpoint reveals nothing.
 */
export async function revokeToken(ctx: TokenContext, client: Client, token: string): Promise<void> {
  const { db, now } = ctx;
  // Refresh tokens are base64url and contain no dots; a JWT always has two.
  if (token.includes('.')) {
    const claims = await readOwnAccessToken(ctx.keys, ctx.issuer, token);
    if (claims?.client_id === client.id && typeof claims.jti === 'string' && typeof claims.exp === 'number') {
      await revokeAccessTokens(db, [{ jti: claims.jti, expiresAt: new Date(claims.exp * 1000) }], now);
    }
    return;
  }
  const [row] = await db
    .select({ familyId: refreshTokens.familyId, clientId: refreshTokens.clientId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256Hex(token)))
    .limit(1);
  if (row && row.clientId === client.id)
    await revokeFamilies(db, eq(refreshTokens.familyId, row.familyId), now);
}

/**
 * Sign out everywhere: every refresh token family of these users is revoked, with the access tokens
 * issued alongside, whichever app holds them.
 */
export async function revokeTokensOfUsers(
  db: Database,
  userIds: readonly number[],
  now: Date,
): Promise<void> {
  if (userIds.length === 0) return;
  await revokeFamilies(db, inArray(refreshTokens.userId, [...userIds]), now);
}

/**
 * The one place tokens are issued: an access JWT and a refresh token of the grant's family, and an ID
 * token when the scope has openid and the grant knows its sign-in.
 */
export async function issueTokens(ctx: TokenContext, grant: TokenGrant): Promise<TokenResponse> {
  const { db, keys, issuer, now } = ctx;
  const { client, signIn, nonce, ...family } = grant;
  const [user] = await db.select().from(users).where(eq(users.id, grant.userId));
  if (!user) throw invalidGrant('The user no longer exists');
  const access = await signAccessToken(
    keys,
    { issuer, subject: user.extensionId, clientId: client.id, scope: grant.scope },
    now,
  );
  const idTokenClaims = signIn && wantsIdToken(grant.scope) ? signIn : null;
  const idToken = idTokenClaims
    ? await signIdToken(
        keys,
        { issuer, client, user, scope: grant.scope, signIn: idTokenClaims, nonce, accessToken: access.token },
        now,
      )
    : undefined;
  const refreshToken = randomToken();
  await db.insert(refreshTokens).values({
    ...family,
    clientId: client.id,
    idTokenClaims,
    tokenHash: sha256Hex(refreshToken),
    accessTokenJti: access.jti,
    accessTokenExpiresAt: access.expiresAt,
    createdAt: now,
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_LIFETIME_MS),
  });
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_LIFETIME_S,
    refresh_token: refreshToken,
    scope: grant.scope,
    ...(idToken ? { id_token: idToken } : {}),
  };
}

/** The ID token's sign-in claims of the session a code was issued for, ended or not. */
async function signInClaimsOfSession(db: Database, sessionId: number): Promise<SignInClaims> {
  const session = await signInOfSession(db, sessionId);
  if (!session) throw invalidGrant('The sign-in behind the authorization code no longer exists');
  return signInClaimsOf(session);
}

/** Revokes every refresh token the condition selects, and the access tokens issued with them. */
async function revokeFamilies(db: Database, which: SQL, now: Date): Promise<void> {
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(which, isNull(refreshTokens.revokedAt)))
    .returning({ jti: refreshTokens.accessTokenJti, expiresAt: refreshTokens.accessTokenExpiresAt });
  await revokeAccessTokens(db, revoked, now);
}

/** A refresh may ask for less than was granted, never more (RFC 6749 §6). */
function narrowScope(granted: string, requested: string | undefined): string {
  if (requested === undefined || requested.trim() === '') return granted;
  const allowed = granted.split(' ');
  const tokens = [...new Set(requested.split(' ').filter((token) => token !== ''))];
  if (tokens.some((token) => !allowed.includes(token))) {
    throw new OAuthFailure('invalid_scope', 'The requested scope exceeds the scope originally granted');
  }
  return tokens.join(' ');
}
