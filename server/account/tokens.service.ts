import { randomInt } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { backendCode } from '../../api/contract/backendCodes.ts';
import { maskCredential } from '../../api/maskCredential.ts';
import type { User } from '../auth/users.service.ts';
import { findBrand } from '../config/config.service.ts';
import type { Database } from '../db/client.ts';
import { type AccountTokenKind, accountTokens } from '../db/schema.account.ts';
import { DeliveryFailed } from '../delivery/delivery.ts';
import { ApiFailure } from '../http/errors.ts';
import { randomToken, sha256Hex } from '../security/tokens.ts';
import { keyedDigest } from '../two-factor/mfa-keys.ts';
import { ACCOUNT_LIMITS } from './account.settings.ts';
import { type AccountDeps, auditAccount } from './context.ts';
import { LINK_ROUTES, spaLink, spaQueryFor } from './links.ts';
import { emailFor } from './messages.ts';

export type AccountToken = typeof accountTokens.$inferSelect;

/** A newer link replaces the older ones of its family: a reset link replaces a set-up link too. */
const FAMILY: Record<AccountTokenKind, AccountTokenKind[]> = {
  reset: ['reset', 'setup'],
  setup: ['reset', 'setup'],
  express: ['express'],
  confirm: ['confirm'],
  activation: ['activation'],
};

export const activationCodeDigest = (deps: AccountDeps, userId: number, code: string) =>
  keyedDigest(deps.codePepper, `activation:${userId}:${code}`);

/** Spec §8 SENDEMAIL_FREQUENTLY; HTTP 403 like two-factor's, since api/client.ts reads every 429 as the per-IP limit. */
const sentTooOften = (retryAt: Date, now: Date) =>
  new ApiFailure(403, backendCode.sendEmailFrequently, 'Too many emails sent. Wait before asking again.', {
    errorParameters: {
      retryAfterSeconds: String(Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000))),
    },
  });

/** When the next email to the account is allowed, if not now: every kind counts, it is one mailbox. */
async function nextSendAllowed(db: Database, userId: number, now: Date): Promise<Date | undefined> {
  const { sendsPerWindow, sendWindowMs } = ACCOUNT_LIMITS;
  const recent = await db
    .select({ createdAt: accountTokens.createdAt })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        gt(accountTokens.createdAt, new Date(now.getTime() - sendWindowMs)),
      ),
    )
    .orderBy(asc(accountTokens.createdAt));
  if (recent.length < sendsPerWindow) return undefined;
  const oldestThatCounts = recent[recent.length - sendsPerWindow];
  return oldestThatCounts && new Date(oldestThatCounts.createdAt.getTime() + sendWindowMs);
}

export interface SendRequest {
  user: User;
  kind: AccountTokenKind;
  ttlMs: number;
  localeId: string;
  returnQuery?: string | undefined;
  clientIp: string;
}

/**
 * Emails a link (and for activation a six-digit code) through the delivery port. The token is stored
 * only once the port accepted the message, as for two-factor codes: a failed send neither counts
 * towards the limit nor replaces the link sent before. Answers the masked address.
 */
export async function sendAccountEmail(deps: AccountDeps, request: SendRequest, now: Date) {
  const { db } = deps;
  const { user, kind } = request;
  const audit = auditAccount(deps, user.id, request.clientIp, now);
  const to = user.email;
  if (!to) throw new ApiFailure(404, backendCode.credentialNotFound, 'The account has no email address');
  const masked = maskCredential(to);
  const retryAt = await nextSendAllowed(db, user.id, now);
  if (retryAt) {
    await audit('account.email_send_refused', {
      purpose: kind,
      masked,
      code: backendCode.sendEmailFrequently,
    });
    throw sentTooOften(retryAt, now);
  }
  const token = randomToken();
  const code = kind === 'activation' ? String(randomInt(0, 1_000_000)).padStart(6, '0') : undefined;
  const link = spaLink(
    deps.publicOrigin,
    await spaQueryFor(db, request.returnQuery, request.localeId, kind === 'activation' ? to : undefined),
    LINK_ROUTES[kind],
    token,
  );
  const brandName = (await findBrand(db, user.brandId)).name;
  try {
    await deps.delivery.deliver(
      emailFor(kind, { to, link, code, brandName, ttlMs: request.ttlMs, localeId: request.localeId }),
    );
  } catch (error) {
    if (!(error instanceof DeliveryFailed)) throw error;
    deps.logger.error(`account: a ${kind} email could not be sent (${error.reason})`);
    await audit('account.email_send_failed', { purpose: kind, masked, reason: error.reason });
    throw new ApiFailure(502, backendCode.internal, 'The email could not be sent. Try again later.');
  }
  await db.transaction(async (tx) => {
    await tx
      .update(accountTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(accountTokens.userId, user.id),
          inArray(accountTokens.kind, FAMILY[kind]),
          isNull(accountTokens.usedAt),
        ),
      );
    await tx.insert(accountTokens).values({
      kind,
      userId: user.id,
      tokenHash: sha256Hex(token),
      codeHash: code === undefined ? null : activationCodeDigest(deps, user.id, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + request.ttlMs),
    });
  });
  await audit('account.email_sent', { purpose: kind, masked });
  return { maskedEmail: masked };
}

/** The token's row when it is of one of these kinds, unused (nor replaced) and unexpired. */
export async function usableToken(
  db: Database,
  token: string,
  kinds: readonly AccountTokenKind[],
  now: Date,
): Promise<AccountToken | undefined> {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(eq(accountTokens.tokenHash, sha256Hex(token)))
    .limit(1);
  if (!row || !kinds.includes(row.kind) || row.usedAt !== null || row.expiresAt <= now) return undefined;
  return row;
}

/**
 * Uses the token up: a conditional update, so two requests racing with one link cannot both pass.
 * Returns false when another request (or a newer link) got there first.
 */
export async function consumeToken(db: Database, id: number, now: Date): Promise<boolean> {
  const claimed = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.id, id), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
    .returning({ id: accountTokens.id });
  return claimed.length > 0;
}
