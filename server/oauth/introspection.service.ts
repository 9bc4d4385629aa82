import { eq } from 'drizzle-orm';
import { type Client, findActiveClient } from '../clients/clients.service.ts';
import { refreshTokens, users } from '../db/schema.ts';
import { sha256Hex } from '../security/tokens.ts';
import { verifyAccessToken } from './access-tokens.ts';
import type { TokenContext } from './token.service.ts';

/** RFC 7662 §2.2. Inactive says nothing more: unknown, expired, revoked and not-yours look alike. */
export type Introspection =
  | { active: false }
  | {
      active: true;
      token_type: 'Bearer' | 'refresh_token';
      scope: string;
      client_id: string;
      sub: string;
      exp: number;
      iat: number;
      iss: string;
      aud?: string | string[];
      jti?: string;
    };

type IntrospectionContext = Pick<TokenContext, 'db' | 'keys' | 'issuer' | 'now'>;

const INACTIVE: Introspection = { active: false };

/**
 * What a token grants, for a confidential client (a resource server of the platform). Access tokens are
 * described to any such caller: that is what introspection is for. A refresh token only to the client
 * it was issued to, since nobody else has a use for it.
 */
export async function introspect(
  ctx: IntrospectionContext,
  caller: Client,
  token: string,
): Promise<Introspection> {
  // Refresh tokens are base64url and contain no dots; a JWT always has two.
  return token.includes('.') ? describeAccessToken(ctx, token) : describeRefreshToken(ctx, caller, token);
}

async function describeAccessToken(ctx: IntrospectionContext, token: string): Promise<Introspection> {
  const claims = await verifyAccessToken(ctx.db, ctx.keys, ctx.issuer, token, ctx.now);
  if (!claims) return INACTIVE;
  const clientId = claims.client_id as string;
  // A disabled app's tokens stop working at once, not when they expire.
  if (!(await findActiveClient(ctx.db, clientId))) return INACTIVE;
  return {
    active: true,
    token_type: 'Bearer',
    scope: claims.scope as string,
    client_id: clientId,
    sub: claims.sub as string,
    exp: claims.exp as number,
    iat: claims.iat as number,
    iss: ctx.issuer,
    ...(claims.aud !== undefined ? { aud: claims.aud } : {}),
    jti: claims.jti as string,
  };
}

async function describeRefreshToken(
  ctx: IntrospectionContext,
  caller: Client,
  token: string,
): Promise<Introspection> {
  const [row] = await ctx.db
    .select({
      clientId: refreshTokens.clientId,
      scope: refreshTokens.scope,
      createdAt: refreshTokens.createdAt,
      expiresAt: refreshTokens.expiresAt,
      rotatedAt: refreshTokens.rotatedAt,
      revokedAt: refreshTokens.revokedAt,
      subject: users.extensionId,
    })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .where(eq(refreshTokens.tokenHash, sha256Hex(token)))
    .limit(1);
  const live = row && !row.revokedAt && !row.rotatedAt && row.expiresAt > ctx.now;
  if (!live || row.clientId !== caller.id) return INACTIVE;
  return {
    active: true,
    token_type: 'refresh_token',
    scope: row.scope,
    client_id: row.clientId,
    sub: row.subject,
    exp: Math.floor(row.expiresAt.getTime() / 1000),
    iat: Math.floor(row.createdAt.getTime() / 1000),
    iss: ctx.issuer,
  };
}
