import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import * as z from 'zod/mini';
import { identityEntrances } from '../../api/contract/identity.ts';
import { SIGNING_ALG, type SigningKeys } from '../oauth/signing-keys.ts';

/** How long a user may take on the identity provider's page. */
export const IDENTITY_REQUEST_LIFETIME_S = 600;
const AUDIENCE = 'foyer-identity-request';

/**
 * One sign-in at the reference identity provider, carried signed through its page (no table): which
 * entrance, the login hint it must match, whether it runs in a popup, remember me, the SPA query to
 * return to, and the hash of a nonce whose cookie only this browser holds (so another site cannot
 * post it).
 */
const identityRequestSchema = z.object({
  entrance: z.enum(identityEntrances),
  loginHint: z.optional(z.string()),
  denyMismatch: z.boolean(),
  popup: z.boolean(),
  /** Optional so a request signed before the field existed still reads (it lives ten minutes). */
  rememberMe: z.optional(z.boolean()),
  returnQuery: z.string(),
  nonceHash: z.string(),
});
export type IdentityRequest = z.infer<typeof identityRequestSchema>;

export const hashNonce = (nonce: string) => createHash('sha256').update(nonce).digest('base64url');
export const newNonce = () => randomBytes(24).toString('base64url');

export function signIdentityRequest(keys: SigningKeys, issuer: string, request: IdentityRequest) {
  return new SignJWT({ request })
    .setProtectedHeader({ alg: SIGNING_ALG, kid: keys.kid })
    .setIssuer(issuer)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${IDENTITY_REQUEST_LIFETIME_S}s`)
    .sign(keys.privateKey);
}

/** The request a token carries, or undefined when it is forged, expired or not one of ours. */
export async function readIdentityRequest(
  keys: SigningKeys,
  issuer: string,
  token: string,
): Promise<IdentityRequest | undefined> {
  try {
    const { payload } = await jwtVerify(token, keys.verificationKeys, {
      issuer,
      audience: AUDIENCE,
      algorithms: [SIGNING_ALG],
    });
    return identityRequestSchema.safeParse(payload.request).data;
  } catch {
    return undefined;
  }
}
