import { type Context, Hono } from 'hono';
import {
  changeLegacyPasswordBody,
  changePasswordBody,
  confirmEmailBody,
  emailExpressLinkBody,
  emailRecoveryLinkBody,
  inAppActivationBody,
  loginWithActivationCodeBody,
  loginWithExpressLinkBody,
  lookupCredentialBody,
  resendConfirmationBody,
  resetPasswordBody,
  resetPasswordInfoBody,
  sendActivationBody,
} from '../../api/contract/account.ts';
import type { signInAdmission } from '../auth/admission.ts';
import { SIGN_IN_AMR } from '../auth/amr.ts';
import type { BrowserSessions } from '../auth/browser-sessions.ts';
import { loginReplyData } from '../auth/login-reply.ts';
import { loginIdOf, lookupOfLoginId } from '../auth/users.service.ts';
import type { Logger } from '../http/logger.ts';
import { ok } from '../http/reply.ts';
import { postInput } from '../http/validate.ts';
import { clientIp } from '../security/client-ip.ts';
import { limitPerIp } from '../security/per-ip-limit.ts';
import type { Limiters } from '../security/rate-limits.ts';
import { activationService } from './activation.service.ts';
import { changeService } from './change.service.ts';
import type { AccountDeps } from './context.ts';
import { recoveryService } from './recovery.service.ts';

export interface AccountRouteDeps {
  account: AccountDeps;
  sessions: BrowserSessions;
  admission: ReturnType<typeof signInAdmission>;
  now: () => Date;
  limiters: Limiters;
  logger: Logger;
  trustProxy: boolean;
}

/**
 * The /api/account calls and /api/loginWithActivationCode (api/contract/account.ts, docs/passwords.md
 * "Server"). All are POSTs under the same-origin rule, counted per client IP before the body is read
 * (HTTP 429 + ray id), on top of the per-account email limit (413) and the password lockout.
 */
export function accountRoutes(deps: AccountRouteDeps) {
  const { account, sessions, now, limiters, logger, trustProxy } = deps;
  const recovery = recoveryService(account);
  const activation = activationService(account);
  const change = changeService(account);
  const ipOf = (c: Context) => clientIp(c, trustProxy);
  const limitByIp = limitPerIp(limiters.accountByIp, { logger, trustProxy });

  return new Hono()
    .use('/account/*', limitByIp)
    .use('/loginWithActivationCode', limitByIp)
    .post('/account/lookup-credential', async (c) => {
      const body = await postInput(c, lookupCredentialBody);
      return ok(c, await recovery.lookup(body));
    })
    .post('/account/email-recovery-link', async (c) => {
      const body = await postInput(c, emailRecoveryLinkBody);
      return ok(c, await recovery.sendRecovery(body, ipOf(c), now()));
    })
    .post('/account/reset-password-info', async (c) => {
      const body = await postInput(c, resetPasswordInfoBody);
      return ok(c, await recovery.resetInfo(body.token, now()));
    })
    .post('/account/reset-password', async (c) => {
      const body = await postInput(c, resetPasswordBody);
      return ok(c, await recovery.resetPassword(body, ipOf(c), now()));
    })
    .post('/account/email-express-link', async (c) => {
      const body = await postInput(c, emailExpressLinkBody);
      return ok(c, await recovery.sendExpress(body, ipOf(c), now()));
    })
    .post('/account/login-with-express-link', async (c) => {
      const body = await postInput(c, loginWithExpressLinkBody);
      const at = now();
      const user = await recovery.expressSignIn(body.token, ipOf(c), at);
      const session = await sessions.signIn(c, user, body.rememberMe, at, SIGN_IN_AMR.emailedLink);
      return ok(c, loginReplyData(user, session));
    })
    .post('/account/change-password', async (c) => {
      const body = await postInput(c, changePasswordBody);
      const at = now();
      const session = await sessions.require(c, at, body.sessionId);
      const trusted = account.trustedDevices.read(c, at);
      return ok(c, await change.changePassword(session, trusted, body, ipOf(c), at));
    })
    .post('/account/change-legacy-password', async (c) => {
      const body = await postInput(c, changeLegacyPasswordBody);
      const credential = await deps.admission.admit({
        ...lookupOfLoginId(body.username),
        brandId: body.brandId,
      });
      return ok(c, await change.changeLegacy(credential, body, ipOf(c), now()));
    })
    .post('/account/send-activation', async (c) => {
      const body = await postInput(c, sendActivationBody);
      return ok(c, await activation.sendActivation(body, ipOf(c), now()));
    })
    .post('/account/in-app-activation', async (c) => {
      const body = await postInput(c, inAppActivationBody);
      const user = await activation.activate(body, ipOf(c), now());
      return ok(c, { loginId: loginIdOf(user), activated: true as const });
    })
    .post('/loginWithActivationCode', async (c) => {
      const body = await postInput(c, loginWithActivationCodeBody);
      // A password check like /api/login's, so within the same per-identifier allowance.
      const credential = await deps.admission.admit({
        ...lookupOfLoginId(body.userName),
        brandId: body.brandId,
      });
      const at = now();
      const user = await activation.signInWithCode(credential, body, ipOf(c), at);
      const session = await sessions.signIn(c, user, body.rememberMe, at, SIGN_IN_AMR.activationCode);
      return ok(c, loginReplyData(user, session));
    })
    .post('/account/resend-confirmation', async (c) => {
      const body = await postInput(c, resendConfirmationBody);
      return ok(c, await activation.resendConfirmation(body, ipOf(c), now()));
    })
    .post('/account/confirm-email', async (c) => {
      const body = await postInput(c, confirmEmailBody);
      return ok(c, await activation.confirmEmail(body.token, ipOf(c), now()));
    });
}
