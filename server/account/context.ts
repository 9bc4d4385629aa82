import type { SignInContext } from '../auth/sign-in.service.ts';
import type { Database } from '../db/client.ts';
import type { Delivery } from '../delivery/delivery.ts';
import type { Logger } from '../http/logger.ts';
import type { Audit, AuditDetail, AuditKind } from '../security/audit.ts';
import type { TrustedDevices } from '../two-factor/trusted-device.ts';
import type { AccountSettings } from './account.settings.ts';

/** What the account services work with (built once in server/app.ts). */
export interface AccountDeps {
  db: Database;
  audit: Audit;
  delivery: Delivery;
  settings: AccountSettings;
  logger: Logger;
  /** Emailed links point at the SPA on this origin. */
  publicOrigin: string;
  /** Keys the activation codes' digests (a six-digit code's plain hash is reversed by trying them all). */
  codePepper: Buffer;
  /** The lockout every password check shares (server/auth/sign-in.service.ts). */
  signIn: SignInContext;
  trustedDevices: TrustedDevices;
}

/** Records an event about an account; the client IP is digested by the audit. */
export const auditAccount =
  (deps: AccountDeps, userId: number, clientIp: string, now: Date, sessionId?: string) =>
  (kind: AuditKind, detail: AuditDetail = {}): Promise<void> =>
    deps.audit.record({ kind, userId, clientIp, sessionId, detail }, now);
