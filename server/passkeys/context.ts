import { backendCode } from '../../api/contract/backendCodes.ts';
import type { signInAdmission } from '../auth/admission.ts';
import type { BrowserSessions } from '../auth/browser-sessions.ts';
import type { Database } from '../db/client.ts';
import { ApiFailure } from '../http/errors.ts';
import type { Logger } from '../http/logger.ts';
import type { Audit, AuditDetail, AuditKind } from '../security/audit.ts';
import type { TrustedDevices } from '../two-factor/trusted-device.ts';
import type { OfferDismissals } from './offer.ts';
import type { RelyingParty } from './webauthn.ts';

/** What the passkey services work with (built once in server/app.ts). */
export interface PasskeyDeps {
  db: Database;
  audit: Audit;
  logger: Logger;
  rp: RelyingParty;
  sessions: BrowserSessions;
  /** The password sign-in's allowances: a passkey sign-in counts against the same ones. */
  admission: ReturnType<typeof signInAdmission>;
  trustedDevices: TrustedDevices;
  dismissals: OfferDismissals;
  trustProxy: boolean;
}

/** The request a passkey event is about, for its audit row. */
export interface AuditScope {
  clientIp: string;
  sessionId?: string | undefined;
}

/** Records a passkey event; `userId` null when no account is known (an unregistered credential). */
export const auditPasskey = (
  deps: Pick<PasskeyDeps, 'audit'>,
  scope: AuditScope,
  userId: number | null,
  kind: AuditKind,
  detail: AuditDetail,
  now: Date,
) => deps.audit.record({ kind, userId, sessionId: scope.sessionId, clientIp: scope.clientIp, detail }, now);

/** Failures of this folder: the backend code, its HTTP status and a message for developers. */
export const passkeyFailures = {
  notVerified: () =>
    new ApiFailure(401, backendCode.passkeyNotVerified, 'The passkey response could not be verified'),
  unknown: (httpStatus: 401 | 404 = 401) =>
    new ApiFailure(httpStatus, backendCode.passkeyUnknown, 'No such passkey is registered for this account'),
  challengeExpired: () =>
    new ApiFailure(
      400,
      backendCode.passkeyChallengeExpired,
      'The passkey challenge is unknown, used or expired: ask for new options',
    ),
  counterBehind: () =>
    new ApiFailure(
      401,
      backendCode.passkeyCounterBehind,
      "The passkey's signature counter went backwards: the authenticator may have been cloned",
    ),
  reenrolmentRequired: () =>
    new ApiFailure(
      401,
      backendCode.passkeyReenrolmentRequired,
      'The administrator requires a new passkey for this account: sign in another way and create one',
    ),
  notAllowed: () => new ApiFailure(403, backendCode.passkeysNotAllowed, 'This brand does not offer passkeys'),
};
