import type * as z from 'zod/mini';
import type { ApiClient } from './client.ts';
import {
  activatedReply,
  type changeLegacyPasswordBody,
  type changePasswordBody,
  type confirmEmailBody,
  emailConfirmedReply,
  type emailExpressLinkBody,
  type emailRecoveryLinkBody,
  emailSentReply,
  type inAppActivationBody,
  loginIdReply,
  type loginWithActivationCodeBody,
  type loginWithExpressLinkBody,
  type lookupCredentialBody,
  lookupCredentialReply,
  type resendConfirmationBody,
  type resetPasswordBody,
  type resetPasswordInfoBody,
  resetPasswordInfoReply,
  type sendActivationBody,
} from './contract/account.ts';
import { loginReply } from './contract/auth.ts';

type Body<T extends z.ZodMiniType> = Omit<z.input<T>, 'clientId'>;

/**
 * The password, PIN and account-lifecycle calls of spec §7, one function each, every reply parsed by
 * its contract schema. A file of its own so they load with the account flow's chunk, not with the
 * first screen.
 */
export function createAccountEndpoints(api: ApiClient) {
  const post = <D>(path: string, body: object, reply: z.ZodMiniType<{ status: unknown; data: D }>) =>
    api.post(path, body, reply).then((r) => r.data);
  return {
    lookupCredential: (body: Body<typeof lookupCredentialBody>) =>
      post('/api/account/lookup-credential', body, lookupCredentialReply),
    emailRecoveryLink: (body: Body<typeof emailRecoveryLinkBody>) =>
      post('/api/account/email-recovery-link', body, emailSentReply),
    emailExpressLink: (body: Body<typeof emailExpressLinkBody>) =>
      post('/api/account/email-express-link', body, emailSentReply),
    sendActivation: (body: Body<typeof sendActivationBody>) =>
      post('/api/account/send-activation', body, emailSentReply),
    resendConfirmation: (body: Body<typeof resendConfirmationBody>) =>
      post('/api/account/resend-confirmation', body, emailSentReply),
    resetPasswordInfo: (body: Body<typeof resetPasswordInfoBody>) =>
      post('/api/account/reset-password-info', body, resetPasswordInfoReply),
    resetPassword: (body: Body<typeof resetPasswordBody>) =>
      post('/api/account/reset-password', body, loginIdReply),
    loginWithExpressLink: (body: Body<typeof loginWithExpressLinkBody>) =>
      post('/api/account/login-with-express-link', body, loginReply),
    changePassword: (body: Body<typeof changePasswordBody>) =>
      post('/api/account/change-password', body, loginIdReply),
    changeLegacyPassword: (body: Body<typeof changeLegacyPasswordBody>) =>
      post('/api/account/change-legacy-password', body, loginIdReply),
    inAppActivation: (body: Body<typeof inAppActivationBody>) =>
      post('/api/account/in-app-activation', body, activatedReply),
    loginWithActivationCode: (body: Body<typeof loginWithActivationCodeBody>) =>
      post('/api/loginWithActivationCode', body, loginReply),
    confirmEmail: (body: Body<typeof confirmEmailBody>) =>
      post('/api/account/confirm-email', body, emailConfirmedReply),
  };
}

export type AccountEndpoints = ReturnType<typeof createAccountEndpoints>;
