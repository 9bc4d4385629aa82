import { Hono, type MiddlewareHandler } from 'hono';
import { loginBody, loginInfoBody, sessionDataQuery } from '../../api/contract/auth.ts';
import { backendCode } from '../../api/contract/backendCodes.ts';
import { findBrand } from '../config/config.service.ts';
import { ApiFailure } from '../http/errors.ts';
import { ok } from '../http/reply.ts';
import { postInput, queryInput } from '../http/validate.ts';
import { countedSignIn } from '../observability/metrics.ts';
import { passkeysAllowed } from '../passkeys/passkey-brands.ts';
import { hasUsablePasskey } from '../passkeys/passkey-store.ts';
import { usesSingleSignOn } from './account-state.ts';
import { type AdmissionDeps, signInAdmission } from './admission.ts';
import { SIGN_IN_AMR } from './amr.ts';
import type { BrowserSessions } from './browser-sessions.ts';
import { loginOptionsOf } from './login-options.ts';
import { loginReplyData } from './login-reply.ts';
import { sessionExpiry } from './session.service.ts';
import { checkPassword } from './sign-in.service.ts';
import { findUser } from './users.service.ts';

export interface AuthDeps extends AdmissionDeps {
  sessions: BrowserSessions;
  now: () => Date;
  /** Device fingerprints refused at login-info (IOVATION_BLACKLISTED). */
  deniedFingerprints: ReadonlySet<string>;
}

/**
 * POST /api/login-info and /api/login, both limited per client IP and per identifier, and GET
 * /api/session-data.
 */
export function authRoutes(deps: AuthDeps) {
  const { db, sessions, now } = deps;
  const admission = signInAdmission(deps);
  const { signInContext } = admission;
  // Counted before the body is read, so even malformed requests use up the allowance.
  const limitByIp: MiddlewareHandler = async (c, next) => {
    await admission.limitByIp(c);
    await next();
  };
  const admitted = admission.admit;

  return (
    new Hono()
      .use('/login-info', limitByIp)
      .use('/login', limitByIp)
      .post('/login-info', async (c) => {
        const body = await postInput(c, loginInfoBody);
        if (body.f !== undefined && deps.deniedFingerprints.has(body.f))
          throw new ApiFailure(403, backendCode.iovationBlacklisted, 'This device is not allowed to sign in');
        const credential = await admitted(body);
        const user = await findUser(db, credential);
        if (!user)
          throw new ApiFailure(404, backendCode.credentialNotFound, 'No account matches this credential');
        // The user's own brand: the SPA reloads brand config when it differs from the one it started with.
        const passkey = (await passkeysAllowed(db, user.brandId)) && (await hasUsablePasskey(db, user.id));
        const loginOptions = loginOptionsOf(user, await findBrand(db, user.brandId), passkey);
        return ok(c, {
          brandId: user.brandId,
          loginType: usesSingleSignOn(user) ? 'sso' : 'password',
          ...(loginOptions ? { loginOptions } : {}),
        });
      })
      .post('/login', async (c) => {
        const body = await postInput(c, loginBody);
        const credential = await admitted(body);
        const user = await countedSignIn('password', checkPassword(signInContext, credential, body.password));
        const session = await sessions.signIn(c, user, body.rememberMe, now(), SIGN_IN_AMR.password);
        return ok(c, loginReplyData(user, session));
      })
      // Spec §7: the session-data call, also the network check before a reject when a platform session
      // exists. With several accounts signed in, it answers for the most recent sign-in.
      .get('/session-data', async (c) => {
        queryInput(c, sessionDataQuery);
        const [session] = await sessions.list(c, now());
        if (!session)
          throw new ApiFailure(401, backendCode.sessionDataNotFound, 'No session for this browser');
        return ok(c, { sessionId: session.publicId, expiresAt: sessionExpiry(session).toISOString() });
      })
  );
}
