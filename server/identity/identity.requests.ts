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

export async function signIdentityRequest(
  keys: SigningKeys,
  issuer: string,
  request: IdentityRequest,
  now: Date,
) {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const { kid, privateKey } = await keys.signer();
  return new SignJWT({ request })
    .setProtectedHeader({ alg: SIGNING_ALG, kid })
    .setIssuer(issuer)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + IDENTITY_REQUEST_LIFETIME_S)
    .sign(privateKey);
}

/**
 * How long after its expiry a request still says where to return: a page left open and submitted (or
 * reloaded) later goes back to the app's sign-in with a notice (docs/notices.md "SSO notices").
 */
const RETURN_GRACE_S = 24 * 60 * 60;

/**
 * The request a token carries and whether it has expired, or undefined when it is forged, not one of
 * ours, or expired for longer than the grace: then nothing it says can be trusted or is worth returning to.
 */
export async function readIdentityRequest(
  keys: SigningKeys,
  issuer: string,
  token: string,
  now: Date,
): Promise<{ request: IdentityRequest; expired: boolean } | undefined> {
  try {
    const { payload } = await jwtVerify(token, keys.verificationKeys, {
      issuer,
      audience: AUDIENCE,
      algorithms: [SIGNING_ALG],
      currentDate: now,
      clockTolerance: RETURN_GRACE_S,
    });
    const request = identityRequestSchema.safeParse(payload.request).data;
    if (!request || payload.exp === undefined) return undefined;
    return { request, expired: payload.exp * 1000 <= now.getTime() };
  } catch {
    return undefined;
  }
}
