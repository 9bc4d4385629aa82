import type { ApiClient } from './client.ts';
import {
  type AuthenticationBody,
  type AuthenticationOptionsBody,
  authenticationOptionsReply,
  authenticationReply,
  type OfferDismissalBody,
  offerDismissalReply,
  passkeysReply,
  type RegistrationBody,
  type RegistrationOptionsBody,
  type RemovalBody,
  registrationOptionsReply,
  registrationReply,
  removalReply,
} from './contract/passkeys.ts';

type Session = { sessionId?: string | undefined };
type WithoutClient<T> = Omit<T, 'clientId'>;

/**
 * The passkey calls (docs/passkeys.md), one function each, every reply parsed by its contract schema.
 * A file of its own so they load with the passkeys chunk (beside @simplewebauthn/browser), not with the
 * first screen.
 */
export function createPasskeysEndpoints(api: ApiClient) {
  return {
    getAuthenticationOptions: (body: WithoutClient<AuthenticationOptionsBody>) =>
      api.post('/api/passkeys/authentication-options', body, authenticationOptionsReply).then((r) => r.data),
    authenticate: (body: WithoutClient<AuthenticationBody>) =>
      api.post('/api/passkeys/authentication', body, authenticationReply).then((r) => r.data),
    getRegistrationOptions: (body: WithoutClient<RegistrationOptionsBody>) =>
      api.post('/api/passkeys/registration-options', body, registrationOptionsReply).then((r) => r.data),
    register: (body: WithoutClient<RegistrationBody>) =>
      api.post('/api/passkeys/registration', body, registrationReply).then((r) => r.data.passkey),
    listPasskeys: ({ sessionId }: Session) =>
      api.get('/api/passkeys', { sessionId }, passkeysReply).then((r) => r.data),
    dismissOffer: (body: WithoutClient<OfferDismissalBody>) =>
      api.post('/api/passkeys/offer-dismissal', body, offerDismissalReply).then((r) => r.data),
    removePasskey: (body: WithoutClient<RemovalBody>) =>
      api.post('/api/passkeys/removal', body, removalReply).then((r) => r.data),
  };
}

export type PasskeysEndpoints = ReturnType<typeof createPasskeysEndpoints>;
