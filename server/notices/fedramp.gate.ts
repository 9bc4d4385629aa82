import { and, eq, isNull } from 'drizzle-orm';
import { backendCode } from '../../api/contract/backendCodes.ts';
import type { Database } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import type { AuditDetail, AuditKind } from '../security/audit.ts';
import { NoticeNeeded } from './notices.errors.ts';

/** Records an event for the caller's account and session (server/security/caller-audit.ts auditOf). */
export type CallerAuditRecord = (kind: AuditKind, detail?: AuditDetail) => Promise<void>;

export interface FedrampRequest {
  userId: number;
  sessionId: number;
  /** Spec §3: the page showed the notice and the user accepted it. */
  fedrampNotificationCompleted?: boolean | undefined;
  /** How the acceptance is audited; only the generate-code call, which can carry the flag, has one. */
  audit?: CallerAuditRecord | undefined;
}

/** What requireFedrampNotice reads of the user and the session (the code request reads them with the rest). */
export const fedrampColumns = {
  fedrampNoticeRequired: users.fedrampNoticeRequired,
  fedrampNoticeAcceptedAt: sessions.fedrampNoticeAcceptedAt,
};

/**
 * Spec §4 720 (docs/notices.md "Server"): a government account sees the FedRAMP notice once per sign-in.
 * The page's word that it was accepted (fedrampNotificationCompleted) is kept on the session, so a reload
 * or a later code request of the same sign-in goes on without it; a new sign-in asks again.
 */
export async function requireFedrampNotice(
  db: Database,
  request: FedrampRequest,
  row: { fedrampNoticeRequired: boolean; fedrampNoticeAcceptedAt: Date | null } | undefined,
  now: Date,
): Promise<void> {
  if (!row?.fedrampNoticeRequired || row.fedrampNoticeAcceptedAt !== null) return;
  if (!request.fedrampNotificationCompleted)
    throw new NoticeNeeded(
      403,
      backendCode.fedrampNoticeRequired,
      'The FedRAMP notice must be accepted before an authorisation code is issued',
    );
  // Only the request that records it audits it: two tabs accepting at once leave one event.
  const recorded = await db
    .update(sessions)
    .set({ fedrampNoticeAcceptedAt: now })
    .where(and(eq(sessions.id, request.sessionId), isNull(sessions.fedrampNoticeAcceptedAt)))
    .returning({ id: sessions.id });
  if (recorded.length > 0) await request.audit?.('notice.fedramp_accepted');
}
