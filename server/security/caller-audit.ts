import type { Context } from 'hono';
import type { BrowserSessions } from '../auth/browser-sessions.ts';
import type { PlatformSession } from '../auth/session.service.ts';
import type { Audit, AuditDetail, AuditKind } from './audit.ts';
import { clientIp } from './client-ip.ts';

/** Who calls a session-bound API: the platform session, and the client IP (digested by the audit). */
export interface Caller {
  session: PlatformSession;
  clientIp: string;
}

/** The caller of a request: its platform session (221 without one) and its client IP. */
export const callerOf =
  (sessions: BrowserSessions, trustProxy: boolean) =>
  async (c: Context, at: Date, sessionId: string | undefined): Promise<Caller> => ({
    session: await sessions.require(c, at, sessionId),
    clientIp: clientIp(c, trustProxy),
  });

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
