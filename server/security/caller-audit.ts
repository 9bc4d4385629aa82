import type { PlatformSession } from '../auth/session.service.ts';
import type { Audit, AuditDetail, AuditKind } from './audit.ts';

/** Who calls a session-bound API: the platform session, and the client IP (digested by the audit). */
export interface Caller {
  session: PlatformSession;
  clientIp: string;
}

/** Records an event about the caller's account and session. */
export const auditOf =
  (deps: { audit: Audit }, caller: Caller, now: Date) =>
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
