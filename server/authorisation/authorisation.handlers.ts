import { Hono } from 'hono';
import { generateCodeBody, verifyRedirectUriBody } from '../../api/contract/authorisation.ts';
import { endSession, requireSession } from '../auth/session.service.ts';
import type { Database } from '../db/client.ts';
import { ok } from '../http/reply.ts';
import { postInput } from '../http/validate.ts';
import { clientForRedirect, issueAuthorisationCode } from './authorisation.service.ts';

export interface AuthorisationDeps {
  db: Database;
  now: () => Date;
}

/** POST /api/verifyRedirectURI and /api/post-authn/generate-code. */
export function authorisationRoutes({ db, now }: AuthorisationDeps) {
  return new Hono()
    .post('/verifyRedirectURI', async (c) => {
      const body = await postInput(c, verifyRedirectUriBody);
      await clientForRedirect(db, body.clientId, body.appUrlScheme);
      return ok(c, { valid: true as const });
    })
    .post('/post-authn/generate-code', async (c) => {
      const body = await postInput(c, generateCodeBody);
      const issuedAt = now();
      const session = await requireSession(db, c, issuedAt);
      const client = await clientForRedirect(db, body.clientId, body.appUrlScheme);
      const redirectUri = await issueAuthorisationCode(
        db,
        {
          client,
          redirectUri: body.appUrlScheme,
          responseType: body.responseType,
          scope: body.scope,
          state: body.state,
          codeChallenge: body.codeChallenge,
          codeChallengeMethod: body.codeChallengeMethod,
          userId: session.user.id,
          sessionId: session.sessionId,
        },
        issuedAt,
      );
      if (body.oneTimeSession) await endSession(db, session.sessionId, issuedAt);
      return ok(c, { extensionId: session.user.extensionId, accountId: session.user.accountId, redirectUri });
    });
}
