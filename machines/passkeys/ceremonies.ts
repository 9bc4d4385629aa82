import {
  platformAuthenticatorIsAvailable,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import { ApiError, type ApiErrorCode } from '../../api/errors.ts';
import { createPasskeysEndpoints, type PasskeysEndpoints } from '../../api/passkeysEndpoints.ts';
import { apiClientFor } from '../apiClients.ts';
import { withErrorMessages } from '../errors.ts';
import type { PasskeyAssertion } from './passkeys.types.ts';

/**
 * The browser's side of passkeys (docs/passkeys.md): the WebAuthn ceremonies, through
 * @simplewebauthn/browser, and the calls that frame them. A chunk of its own: the first screen only
 * holds the few lines that load it (machines/passkeySignIn.ts).
 */

const endpointsByClient = new Map<string, PasskeysEndpoints>();
export function passkeysEndpointsFor(clientId: string): PasskeysEndpoints {
  let endpoints = endpointsByClient.get(clientId);
  if (!endpoints) {
    endpoints = createPasskeysEndpoints(apiClientFor(clientId));
    endpointsByClient.set(clientId, endpoints);
  }
  return endpoints;
}

type AuthenticationOptionsJSON = Parameters<typeof startAuthentication>[0]['optionsJSON'];
type RegistrationOptionsJSON = Parameters<typeof startRegistration>[0]['optionsJSON'];

/** What a browser's refusal means to the person; the catalogue words each code (machines/catalogue.ts). */
function refusalCode(error: { name?: unknown; code?: unknown }): ApiErrorCode {
  if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || error.name === 'InvalidStateError')
    return 'UI_ERROR_PASSKEY_EXISTS';
  // Cancelled, timed out, or no passkey for this site on the device: the browser does not say which.
  if (
    error.name === 'NotAllowedError' ||
    error.name === 'AbortError' ||
    error.code === 'ERROR_CEREMONY_ABORTED'
  )
    return 'UI_ERROR_PASSKEY_CANCELLED';
  return 'UI_ERROR_PASSKEY_UNAVAILABLE';
}

/** A ceremony's failure as the one error type the machine branches on. */
export function toPasskeyError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const named =
    typeof error === 'object' && error !== null ? (error as { name?: unknown; code?: unknown }) : {};
  return new ApiError({
    code: refusalCode(named),
    backendMessage: error instanceof Error ? error.message : String(error),
  });
}

export interface AssertionRequest {
  clientId: string;
  brandId: string;
  /** The account picker's row: only that account's passkeys are asked for. */
  loginId?: string | undefined;
  /** Autofill: the request waits for the person to pick a passkey in the field's suggestions. */
  autofill?: boolean;
}

/** Options from the server, then the browser's request: modal, or conditional for autofill. */
export async function requestAssertion(request: AssertionRequest): Promise<PasskeyAssertion> {
  const endpoints = passkeysEndpointsFor(request.clientId);
  const { challengeId, options } = await withErrorMessages(() =>
    endpoints.getAuthenticationOptions({ brandId: request.brandId, loginId: request.loginId }),
  );
  try {
    const credential = await startAuthentication({
      // The contract's optional fields are `T | undefined`; the library's are plain optional.
      optionsJSON: options as AuthenticationOptionsJSON,
      useBrowserAutofill: request.autofill === true,
      // The field is rendered by then or soon after; the browser attaches the suggestion when it is.
      verifyBrowserAutofillInput: false,
    });
    return { challengeId, credential: credential as PasskeyAssertion['credential'] };
  } catch (error) {
    return withErrorMessages(() => Promise.reject(toPasskeyError(error)));
  }
}

/**
 * A passkey sign-in (machines/passkeySignIn.ts): the browser's request, then the server's check,
 * answered like the password's login. Aborting `signal` cancels the request. Autofill that cannot
 * start, or that is cancelled, never settles: the page goes on as if it had none.
 */
export async function signInWithPasskey(
  input: AssertionRequest & { rememberMe: boolean },
  signal: AbortSignal,
) {
  signal.addEventListener('abort', cancelPasskeyRequest, { once: true });
  let assertion: PasskeyAssertion;
  try {
    assertion = await requestAssertion(input);
  } catch (error) {
    if (input.autofill) return new Promise<never>(() => {});
    throw error;
  }
  return withErrorMessages(() =>
    passkeysEndpointsFor(input.clientId).authenticate({
      brandId: input.brandId,
      challengeId: assertion.challengeId,
      credential: assertion.credential,
      rememberMe: input.rememberMe,
    }),
  );
}

/** Creates a passkey for the signed-in account: this device's own authenticator when it has one. */
export async function createPasskey(input: { clientId: string; sessionId: string | undefined }) {
  const endpoints = passkeysEndpointsFor(input.clientId);
  const platform = await platformAuthenticatorIsAvailable().catch(() => false);
  const { challengeId, options } = await withErrorMessages(() =>
    endpoints.getRegistrationOptions({ sessionId: input.sessionId, platform }),
  );
  let credential: Awaited<ReturnType<typeof startRegistration>>;
  try {
    credential = await startRegistration({ optionsJSON: options as RegistrationOptionsJSON });
  } catch (error) {
    return withErrorMessages(() => Promise.reject(toPasskeyError(error)));
  }
  return withErrorMessages(() =>
    endpoints.register({ sessionId: input.sessionId, challengeId, credential: credential as never }),
  );
}

/** Ends a pending request (the autofill one when the page moves on, or before a modal one starts). */
export const cancelPasskeyRequest = () => WebAuthnAbortService.cancelCeremony();
