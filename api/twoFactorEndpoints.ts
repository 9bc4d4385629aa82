import type { ApiClient } from './client.ts';
import {
  contactInfoReply,
  type MfaTotpVerificationBody,
  mfaSettingsReply,
  mfaTotpReply,
  type SendCodeBody,
  sendCodeReply,
  type VerifyCodeBody,
  verifiedReply,
} from './contract/twoFactor.ts';

type Session = { sessionId?: string | undefined };
type WithoutClient<T> = Omit<T, 'clientId'>;

/**
 * The six two-factor calls of spec §7, one function each, every reply parsed by its contract schema.
 * A file of its own so they load with the two-factor flow's chunk, not with the first screen.
 */
export function createTwoFactorEndpoints(api: ApiClient) {
  return {
    getMfaSettings: ({ sessionId }: Session) =>
      api.get('/api/two-factor/mfa-settings', { sessionId }, mfaSettingsReply).then((r) => r.data),
    getContactInfo: ({ sessionId }: Session) =>
      api.get('/api/two-factor/contact-info', { sessionId }, contactInfoReply).then((r) => r.data.contacts),
    getTotpEnrolment: ({ sessionId }: Session) =>
      api.get('/api/two-factor/mfa-totp', { sessionId }, mfaTotpReply).then((r) => r.data),
    verifyTotpEnrolment: (body: WithoutClient<MfaTotpVerificationBody>) =>
      api.post('/api/two-factor/mfa-totp-verification', body, verifiedReply).then((r) => r.data),
    sendCode: (body: WithoutClient<SendCodeBody>) =>
      api.post('/api/two-factor/send-code', body, sendCodeReply).then((r) => r.data),
    verifyCode: (body: WithoutClient<VerifyCodeBody>) =>
      api.post('/api/two-factor/verify-code', body, verifiedReply).then((r) => r.data),
  };
}

export type TwoFactorEndpoints = ReturnType<typeof createTwoFactorEndpoints>;
