import type { PlatformSession } from '../auth/session.service.ts';
import type { Database } from '../db/client.ts';
import type { Delivery } from '../delivery/delivery.ts';
import type { Logger } from '../http/logger.ts';
import type { Audit, AuditDetail, AuditKind } from '../security/audit.ts';
import type { MfaKeys } from './mfa-keys.ts';
import type { TwoFactorSettings } from './two-factor.settings.ts';

/** What the two-factor services work with (built once in server/app.ts). */
export interface TwoFactorDeps {
  db: Database;
  keys: MfaKeys;
  audit: Audit;
  delivery: Delivery;
  settings: TwoFactorSettings;
  logger: Logger;
}

/** Who is asking: the signed-in session a call acts for, and the address it came from (for the audit). */
export interface Caller {
  session: PlatformSession;
  clientIp: string;
}

/** Records an event about the caller's account and session. */
export const auditOf =
  (deps: TwoFactorDeps, caller: Caller, now: Date) =>
  (kind: AuditKind, detail: AuditDetail = {}): Promise<void> =>
    deps.audit.record(
      {
        kind,
        userId: caller.session.user.id,
        sessionId: caller.session.publicId,
        clientIp: caller.clientIp,
        detail,
      },
      now,
    );
