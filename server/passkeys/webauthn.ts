import {
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import {
  type AuthenticationResponse,
  type PasskeyTransport,
  type RegistrationResponse,
  transportKinds,
} from '../../api/contract/passkeys.ts';
import type { PasskeyRow } from './passkey-store.ts';

/** The ceremonies' shared settings: five minutes, like a challenge's life (passkey-store.ts). */
export const CEREMONY_TIMEOUT_MS = 5 * 60_000;
/** COSE ES256 and RS256: what every platform authenticator offers; nothing else is accepted. */
export const PUBLIC_KEY_ALGORITHMS = [-7, -257];

/**
 * The relying party is this server's public origin and nothing else: its host name is the RP ID, and a
 * response made for any other origin or RP ID does not verify.
 */
export interface RelyingParty {
  id: string;
  origin: string;
}

export const relyingPartyOf = (publicOrigin: string): RelyingParty => {
  const url = new URL(publicOrigin);
  return { id: url.hostname, origin: url.origin };
};

/** Why a response did not verify (750), for the audit: a fixed word, never the library's message. */
export type RejectionReason =
  | 'origin'
  | 'rp_id'
  | 'challenge'
  | 'user_presence'
  | 'user_verification'
  | 'signature'
  | 'algorithm'
  | 'malformed';

// Matched on the start of the library's messages, which go on to quote what the response carried.
const REASONS: readonly [RegExp, RejectionReason][] = [
  [/^Unexpected (authentication|registration) response origin/, 'origin'],
  [/^Unexpected (authentication|registration) response challenge/, 'challenge'],
  [/^User verification/, 'user_verification'],
  [/^User (presence|not present)/, 'user_presence'],
  [/^Unexpected public key alg/, 'algorithm'],
];

const reasonOf = (error: unknown): RejectionReason => {
  if (!(error instanceof Error)) return 'malformed';
  if (error.name === 'UnexpectedRPIDHash') return 'rp_id';
  return REASONS.find(([pattern]) => pattern.test(error.message))?.[1] ?? 'malformed';
};

/** Only the transports WebAuthn names (the contract's list); a browser's newer words are dropped. */
export const knownTransports = (reported: readonly string[] | undefined): PasskeyTransport[] =>
  (reported ?? []).filter((transport): transport is PasskeyTransport =>
    (transportKinds as readonly string[]).includes(transport),
  );

// The contract's optional fields may hold `undefined`; the library's types (exactOptionalPropertyTypes)
// want them absent.
const compact = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;

const assertionOf = (credential: AuthenticationResponse): AuthenticationResponseJSON =>
  compact({
    ...credential,
    response: compact(credential.response),
    clientExtensionResults: compact(credential.clientExtensionResults),
  }) as AuthenticationResponseJSON;

const attestationOf = (credential: RegistrationResponse): RegistrationResponseJSON =>
  compact({
    ...credential,
    response: compact(credential.response),
    clientExtensionResults: compact(credential.clientExtensionResults),
  }) as RegistrationResponseJSON;

/**
 * Checks a sign-in's assertion against the stored key: origin, RP ID, challenge, user presence and
 * verification, signature. The counter is left to the caller (passed as 0 here): the library would
 * refuse a counter that went back before checking the signature, and a clone is only worth recording
 * (753) when the signature is real.
 */
export async function verifyAssertion(
  rp: RelyingParty,
  stored: PasskeyRow,
  expectedChallenge: string,
  credential: AuthenticationResponse,
) {
  try {
    const result = await verifyAuthenticationResponse({
      response: assertionOf(credential),
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: stored.credentialId,
        publicKey: Buffer.from(stored.publicKey, 'base64url'),
        counter: 0,
      },
      requireUserVerification: true,
    });
    if (!result.verified) return { ok: false, reason: 'signature' } as const;
    return { ok: true, info: result.authenticationInfo } as const;
  } catch (error) {
    return { ok: false, reason: reasonOf(error) } as const;
  }
}

/** Checks a registration: origin, RP ID, challenge, user presence and verification, ES256 or RS256. */
export async function verifyAttestation(
  rp: RelyingParty,
  expectedChallenge: string,
  credential: RegistrationResponse,
) {
  try {
    const result = await verifyRegistrationResponse({
      response: attestationOf(credential),
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserPresence: true,
      requireUserVerification: true,
      supportedAlgorithmIDs: PUBLIC_KEY_ALGORITHMS,
    });
    if (!result.verified) return { ok: false, reason: 'signature' } as const;
    return { ok: true, info: result.registrationInfo } as const;
  } catch (error) {
    return { ok: false, reason: reasonOf(error) } as const;
  }
}
