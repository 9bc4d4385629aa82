import type { Database } from '../db/client.ts';
import { auditEvents } from '../db/schema.two-factor.ts';
import { keyedDigest } from '../two-factor/mfa-keys.ts';

/** What the audit log records (docs/two-factor.md). */
export type AuditKind =
  | 'mfa.code_sent'
  | 'mfa.code_send_refused'
  | 'mfa.code_send_failed'
  | 'mfa.code_verified'
  | 'mfa.code_rejected'
  | 'mfa.totp_offered'
  | 'mfa.totp_enrolled'
  | 'mfa.totp_rejected'
  // Password and account lifecycle (docs/passwords.md "Server").
  | 'account.email_sent'
  | 'account.email_send_refused'
  | 'account.email_send_failed'
  | 'account.token_rejected'
  | 'account.password_reset'
  | 'account.password_changed'
  | 'account.express_sign_in'
  | 'account.activated'
  | 'account.email_confirmed'
  // Emergency address (docs/emergency-address.md "Server").
  | 'emergency.location_added'
  | 'emergency.location_deleted'
  | 'emergency.registered'
  | 'emergency.refused'
  // Notices (docs/notices.md "Server").
  | 'notice.fedramp_accepted'
  | 'notice.terms_accepted'
  // Passkeys (docs/passkeys.md "Audit").
  | 'passkey.registered'
  | 'passkey.registration_refused'
  | 'passkey.removed'
  | 'passkey.signed_in'
  | 'passkey.sign_in_refused'
  | 'passkey.counter_behind'
  | 'passkey.reenrolment_required';

/**
 * The only fields an event's detail may carry, so a code, a secret or a full contact cannot end up in
 * it by accident: the same rule as the request log (server/http/logger.ts), which never logs bodies,
 * cookies, tokens or query strings.
 */
export interface AuditDetail {
  /** Phone, Sms, Email or APP. */
  method?: string;
  /** A contact masked by spec §5 (maskContact), never the full one. */
  masked?: string;
  /** Why a send or code was refused: a backend code of spec §8. */
  code?: number;
  reason?: string;
  trustDevice?: boolean;
  /** What an emailed token is for (reset, setup, express, confirm, activation). */
  purpose?: string;
  /** A password policy code (PWD-001 …), never the password; an emergency refusal's EA-… code. */
  policyCode?: string;
  /** E911: what was registered (ERL, OTHER, NO_DEFINED_LOCATION) and which location, never the address. */
  addressType?: string;
  locationId?: string;
  /** Notices: the terms version and variant accepted, and the client the page was opened for. */
  termsVersion?: string;
  termsVariant?: string;
  clientId?: string;
  /** Passkeys: the row id of the passkey concerned (never the credential id or key). */
  passkeyId?: string;
}

export interface AuditEvent {
  kind: AuditKind;
  /** Null only when no account is known: a sign-in with a passkey nobody registered. */
  userId: number | null;
  /** The session's public id (itself a digest of the stored hash). */
  sessionId?: string | undefined;
  clientIp?: string | undefined;
  detail?: AuditDetail;
}

export interface Audit {
  record(event: AuditEvent, at: Date): Promise<void>;
}

/**
 * Writes events to audit_events. The client IP and the session id are stored as keyed digests: two
 * events from one address or session can be matched, while the table alone names neither (a plain hash
 * of an IPv4 address is reversed by trying all 2^32).
 */
export function databaseAudit(db: Database, key: Buffer): Audit {
  const digest = (value: string | undefined) =>
    value === undefined ? null : keyedDigest(key, value).slice(0, 24);
  return {
    async record(event, at) {
      const detail = Object.fromEntries(
        Object.entries(event.detail ?? {}).filter(([, value]) => value !== undefined),
      ) as Record<string, string | number | boolean>;
      await db.insert(auditEvents).values({
        at,
        userId: event.userId,
        sessionHash: digest(event.sessionId),
        kind: event.kind,
        detail,
        ipHash: digest(event.clientIp),
      });
    },
  };
}
