import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import { backendCode } from '../../api/contract/backendCodes.ts';
import type { ContactOption, DeliveryChannel, SentCode } from '../../api/contract/twoFactor.ts';
import { maskCredential } from '../../api/maskCredential.ts';
import type { User } from '../auth/users.service.ts';
import { findBrand } from '../config/config.service.ts';
import { mfaCodes } from '../db/schema.two-factor.ts';
import { DeliveryFailed, type DeliveryMessage } from '../delivery/delivery.ts';
import { ApiFailure, badRequest } from '../http/errors.ts';
import { serverText } from '../i18n/server-text.ts';
import { countSecondFactorSend } from '../observability/metrics.ts';
import { recordWrongCode } from './attempts.service.ts';
import { auditOf, type Caller, type TwoFactorDeps } from './context.ts';
import { keyedDigest } from './mfa-keys.ts';
import { LIMITS } from './two-factor.settings.ts';

/** Codes sent by voice call, text message or email (spec §3 contact methods Phone, Sms, Email). */

const PORT_CHANNEL = { Phone: 'voice', Sms: 'sms', Email: 'email' } as const;

/** The full contact a method sends to; it never leaves the server except to the delivery port. */
const contactOf = (user: User, contactBy: DeliveryChannel) =>
  (contactBy === 'Email' ? user.email : user.phoneNumber) ?? undefined;

/** GET contact-info: what the account has, masked (spec §5); a phone serves a call and a text message. */
export function contactOptions(user: User): ContactOption[] {
  const methods: DeliveryChannel[] = ['Phone', 'Sms', 'Email'];
  return methods.flatMap((contactBy) => {
    const contact = contactOf(user, contactBy);
    return contact ? [{ contactBy, masked: maskCredential(contact) }] : [];
  });
}

/** Keyed, and bound to the user: a leaked table is useless without the key, even for six digits. */
const codeDigest = (deps: TwoFactorDeps, userId: number, code: string) =>
  keyedDigest(deps.keys.codePepper, `${userId}:${code}`);

/** The code's email, text message or call, in the locale send-code carried (spec §7). */
export function codeMessage(
  contactBy: DeliveryChannel,
  to: string,
  code: string,
  brandName: string,
  ttlSeconds: number,
  localeId: string,
): DeliveryMessage {
  const { t } = serverText(localeId);
  const channel = PORT_CHANNEL[contactBy];
  if (channel === 'voice') {
    // Spoken digit by digit, twice: a listener has no screen to read it again from. Speech engines
    // pause at a comma in every language.
    const spokenCode = code.split('').join(', ');
    return { channel, to, text: t('delivery.code.voice', { spokenCode }) };
  }
  // Said in whole minutes (rounded up), so each language's plural forms apply.
  const minutes = Math.max(1, Math.ceil(ttlSeconds / 60));
  const text = t('delivery.code.text', { brandName, code, minutes });
  return channel === 'email'
    ? { channel, to, subject: t('delivery.code.subject', { brandName }), text }
    : { channel, to, text };
}

/** Spec §8 SENDEMAIL_FREQUENTLY. Not HTTP 429: api/client.ts reads every 429 as the per-IP limit. */
const sentTooOften = (retryAt: Date, now: Date) => {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  return new ApiFailure(
    403,
    backendCode.sendEmailFrequently,
    'Too many codes sent. Wait before sending another.',
    {
      errorParameters: { retryAfterSeconds: String(seconds) },
    },
  );
};

/** When the next send is allowed, if not now: the session's countdown, then the user's window. */
async function nextSendAllowed(deps: TwoFactorDeps, caller: Caller, now: Date): Promise<Date | undefined> {
  const { db, settings } = deps;
  const [last] = await db
    .select({ createdAt: mfaCodes.createdAt })
    .from(mfaCodes)
    .where(eq(mfaCodes.sessionId, caller.session.id))
    .orderBy(desc(mfaCodes.createdAt))
    .limit(1);
  const countdownEnd = last && new Date(last.createdAt.getTime() + settings.resendAfterSeconds * 1000);
  if (countdownEnd && countdownEnd > now) return countdownEnd;
  const recent = await db
    .select({ createdAt: mfaCodes.createdAt })
    .from(mfaCodes)
    .where(
      and(
        eq(mfaCodes.userId, caller.session.user.id),
        gt(mfaCodes.createdAt, new Date(now.getTime() - LIMITS.sendWindowMs)),
      ),
    )
    .orderBy(asc(mfaCodes.createdAt));
  if (recent.length < LIMITS.sendsPerWindow) return undefined;
  const oldestThatCounts = recent[recent.length - LIMITS.sendsPerWindow];
  return oldestThatCounts && new Date(oldestThatCounts.createdAt.getTime() + LIMITS.sendWindowMs);
}

/**
 * POST send-code. The code is stored (keyed digest) only once the delivery port accepted the message:
 * a failed send neither counts against the countdown or the limit nor replaces the code sent before,
 * so the user can try again at once, or still type the earlier code.
 */
export async function sendCode(
  deps: TwoFactorDeps,
  caller: Caller,
  request: { contactBy: DeliveryChannel; localeId: string },
  now: Date,
): Promise<SentCode> {
  const { contactBy, localeId } = request;
  const { db, settings } = deps;
  const { session } = caller;
  const audit = auditOf(deps, caller, now);
  const to = contactOf(session.user, contactBy);
  if (to === undefined)
    throw badRequest(`contactBy: the account has no ${contactBy === 'Email' ? 'email' : 'phone'}`);
  const masked = maskCredential(to);
  const channel = PORT_CHANNEL[contactBy];
  if (contactBy === 'Phone' && session.user.voiceUnavailable) {
    countSecondFactorSend(channel, 'unavailable');
    await audit('mfa.code_send_refused', { method: contactBy, masked, code: backendCode.phoneNumberError });
    throw new ApiFailure(400, backendCode.phoneNumberError, 'Calls to this number are not available');
  }
  const retryAt = await nextSendAllowed(deps, caller, now);
  if (retryAt) {
    countSecondFactorSend(channel, 'too_often');
    await audit('mfa.code_send_refused', {
      method: contactBy,
      masked,
      code: backendCode.sendEmailFrequently,
    });
    throw sentTooOften(retryAt, now);
  }

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const brandName = (await findBrand(db, session.brandId)).name;
  try {
    await deps.delivery.deliver(
      codeMessage(contactBy, to, code, brandName, settings.codeTtlSeconds, localeId),
    );
  } catch (error) {
    if (!(error instanceof DeliveryFailed)) throw error;
    countSecondFactorSend(channel, 'delivery_failed');
    deps.logger.error(`two-factor: a code by ${contactBy} could not be sent (${error.reason})`);
    await audit('mfa.code_send_failed', { method: contactBy, masked, reason: error.reason });
    throw new ApiFailure(
      502,
      backendCode.internal,
      'The security code could not be sent. Try again, or choose another way to receive it.',
    );
  }
  await db.transaction(async (tx) => {
    await tx
      .update(mfaCodes)
      .set({ supersededAt: now })
      .where(and(eq(mfaCodes.sessionId, session.id), isNull(mfaCodes.supersededAt), isNull(mfaCodes.usedAt)));
    await tx.insert(mfaCodes).values({
      userId: session.user.id,
      sessionId: session.id,
      channel: contactBy,
      codeHash: codeDigest(deps, session.user.id, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + settings.codeTtlSeconds * 1000),
    });
  });
  countSecondFactorSend(channel, 'sent');
  await audit('mfa.code_sent', { method: contactBy, masked });
  return {
    contactBy,
    masked,
    resendAfterSeconds: settings.resendAfterSeconds,
    expiresInSeconds: settings.codeTtlSeconds,
  };
}

const refusal = (httpStatus: 401 | 403, code: number, message: string) =>
  new ApiFailure(httpStatus, code, message);

/**
 * verify-code with Phone, Sms or Email: the session's current code (the last one sent). A code this
 * session was sent before answers what happened to it — used (328), expired (311); a superseded one
 * or any other is wrong (310) and counts towards the limit. Which method the page names does not
 * matter: a session has one current code. The code is claimed with a conditional update, so two
 * requests racing with it cannot both succeed.
 */
export async function verifySentCode(
  deps: TwoFactorDeps,
  caller: Caller,
  contactBy: DeliveryChannel,
  code: string,
  now: Date,
) {
  const { db } = deps;
  const { session } = caller;
  const audit = auditOf(deps, caller, now);
  const [sent] = await db
    .select()
    .from(mfaCodes)
    .where(
      and(eq(mfaCodes.sessionId, session.id), eq(mfaCodes.codeHash, codeDigest(deps, session.user.id, code))),
    )
    .orderBy(desc(mfaCodes.createdAt))
    .limit(1);
  const rejected = (failure: ApiFailure) =>
    audit('mfa.code_rejected', { method: contactBy, code: failure.code }).then(() => failure);
  if (!sent || sent.supersededAt !== null) {
    const wrong = refusal(401, backendCode.incorrectCode, 'The code you entered is invalid');
    throw await rejected(await recordWrongCode(db, session.user.id, now, wrong));
  }
  if (sent.usedAt !== null)
    throw await rejected(refusal(403, backendCode.codeUsed, 'This code was already used'));
  if (sent.expiresAt <= now)
    throw await rejected(refusal(401, backendCode.expiredCode, 'This code has expired. Send a new one.'));
  const claimed = await db
    .update(mfaCodes)
    .set({ usedAt: now })
    .where(and(eq(mfaCodes.id, sent.id), isNull(mfaCodes.usedAt)))
    .returning({ id: mfaCodes.id });
  if (claimed.length === 0)
    throw await rejected(refusal(403, backendCode.codeUsed, 'This code was already used'));
}
