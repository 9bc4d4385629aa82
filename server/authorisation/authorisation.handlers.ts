import { Hono } from 'hono';
import { generateCodeBody, verifyRedirectUriBody } from '../../api/contract/authorisation.ts';
import type { BrowserSessions } from '../auth/browser-sessions.ts';
import type { Database } from '../db/client.ts';
import { ok } from '../http/reply.ts';
import { postInput } from '../http/validate.ts';
import type { Audit } from '../security/audit.ts';
import { auditOf } from '../security/caller-audit.ts';
import { clientIp } from '../security/client-ip.ts';
import type { TrustedDevices } from '../two-factor/trusted-device.ts';
import { clientForRedirect, issueCodeForSession } from './authorisation.service.ts';

export interface AuthorisationDeps {
  db: Database;
  sessions: BrowserSessions;
  now: () => Date;
  trustedDevices: TrustedDevices;
  /** Records what a code request accepts for the caller (the FedRAMP notice, docs/notices.md). */
  audit: Audit;
  trustProxy: boolean;
  issuer: string;
}

/** POST /api/verifyRedirectURI and /api/post-authn/generate-code. */
export function authorisationRoutes({
  db,
  sessions,
  now,
  trustedDevices,
  audit,
  trustProxy,
  issuer,
}: AuthorisationDeps) {
  return new Hono()
    .post('/verifyRedirectURI', async (c) => {
      const body = await postInput(c, verifyRedirectUriBody);
      await clientForRedirect(db, body.clientId, body.appUrlScheme);
      return ok(c, { valid: true as const });
    })
    .post('/post-authn/generate-code', async (c) => {
      const body = await postInput(c, generateCodeBody);
      const issuedAt = now();
      // The account the user chose among this browser's (an unknown or ended one is 221), else the
      // most recent sign-in.
      const session = await sessions.require(c, issuedAt, body.sessionId);
      const client = await clientForRedirect(db, body.clientId, body.appUrlScheme);
      const redirectUri = await issueCodeForSession(
        db,
        {
          issuer,
          client,
          redirectUri: body.appUrlScheme,
          responseType: body.responseType,
          scope: body.scope,
          state: body.state,
          codeChallenge: body.codeChallenge,
          codeChallengeMethod: body.codeChallengeMethod,
          nonce: body.nonce,
          session,
          consentGiven: body.consentGiven,
          trustedDevice: trustedDevices.read(c, issuedAt),
          eaCompleted: body.eaCompleted,
          fedrampNotificationCompleted: body.fedrampNotificationCompleted,
          audit: auditOf({ audit }, { session, clientIp: clientIp(c, trustProxy) }, issuedAt),
        },
        issuedAt,
      );
      if (body.oneTimeSession) await sessions.signOut(c, issuedAt, { publicId: session.publicId });
      return ok(c, { extensionId: session.user.extensionId, accountId: session.user.accountId, redirectUri });
    });
}
