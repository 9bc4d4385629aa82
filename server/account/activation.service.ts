import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { backendCode } from '../../api/contract/backendCodes.ts';
import { activationAnswerRuleBroken, activationAnswerRules } from '../../api/passwordRules.ts';
import { stateRefusal } from '../auth/account-state.ts';
import { hashPassword } from '../auth/password.ts';
import { checkPassword } from '../auth/sign-in.service.ts';
import { findUserById, type NormalisedCredential, type User } from '../auth/users.service.ts';
import { accountTokens } from '../db/schema.account.ts';
import { users } from '../db/schema.ts';
import { ApiFailure, badRequest } from '../http/errors.ts';
import { ACCOUNT_LIMITS } from './account.settings.ts';
import { type AccountDeps, auditAccount } from './context.ts';
import { accountFor, type SendInput } from './recovery.service.ts';
import { activationCodeDigest, consumeToken, sendAccountEmail, usableToken } from './tokens.service.ts';

const SIX_DIGITS = /^[0-9]{6}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A wrong, used, replaced or expired activation code or link (spec §8 INCORRECT_CODE). */
const wrongActivation = () =>
  new ApiFailure(401, backendCode.incorrectCode, 'The activation code is not valid. Send a new one.');

/**
 * Spec §5's activation answer: the broken rule's code (ANSWER-001, ANSWER-002) in `errorCode`, as a
 * password's PWD code, so the page words it with the same table (machines/passwordPolicyErrors.ts).
 */
function checkActivationAnswer(answer: string, password: string) {
  const broken = activationAnswerRuleBroken(answer, password);
  if (!broken) return;
  const { policyCode } = activationAnswerRules[broken];
  throw new ApiFailure(400, backendCode.badRequest, `The activation answer breaks rule ${policyCode}`, {
    policy: { errorCode: policyCode },
  });
}

/**
 * Kept as a person would say it on the phone to support staff: trimmed and in lower case, then hashed
 * like a password, since it proves who the caller is.
 */
const hashActivationAnswer = (answer: string) => hashPassword(answer.trim().toLowerCase());

/**
 * Spec §3 activation (371) and confirm email (361). The activation email carries a six-digit code and a
 * link; either activates: the code typed into the page (`pin`), or the link's token in the same field.
 * A code is tied to its account (userName) and allows five wrong attempts before it is void.
 */
export function activationService(deps: AccountDeps) {
  const { db } = deps;

  async function sendFor(
    input: SendInput,
    state: 'not_activated' | 'not_confirmed',
    clientIp: string,
    now: Date,
  ) {
    const user = await accountFor(deps, input.credential, input.brandId);
    if (user.state !== state)
      throw badRequest(
        state === 'not_activated' ? 'The account is already active' : 'The email is already confirmed',
      );
    const kind = state === 'not_activated' ? 'activation' : 'confirm';
    const ttlMs = kind === 'activation' ? ACCOUNT_LIMITS.activationLinkMs : ACCOUNT_LIMITS.confirmLinkMs;
    return sendAccountEmail(deps, { ...input, user, kind, ttlMs, clientIp }, now);
  }

  /** Wrong codes typed for the account within the last day, over all its activation emails. */
  async function wrongCodesToday(user: User, now: Date): Promise<number> {
    const [row] = await db
      .select({ total: sql<number>`coalesce(sum(${accountTokens.attempts}), 0)::int` })
      .from(accountTokens)
      .where(
        and(
          eq(accountTokens.userId, user.id),
          eq(accountTokens.kind, 'activation'),
          gt(accountTokens.createdAt, new Date(now.getTime() - DAY_MS)),
        ),
      );
    return row?.total ?? 0;
  }

  /**
   * The account's newest usable activation token matching the code, counting a wrong code against it.
   * A wrong code is counted with one update that also voids the code at its fifth, so parallel guesses
   * cannot get past the count. Past ten wrong codes a day no code is accepted, even a right one: new
   * emails would otherwise buy new guesses. The link's token (43 characters) still works.
   */
  async function tokenForCode(user: User, code: string, now: Date) {
    if ((await wrongCodesToday(user, now)) >= ACCOUNT_LIMITS.activationWrongCodesPerDay) return undefined;
    const [row] = await db
      .select()
      .from(accountTokens)
      .where(
        and(
          eq(accountTokens.userId, user.id),
          eq(accountTokens.kind, 'activation'),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, now),
        ),
      )
      .orderBy(desc(accountTokens.createdAt))
      .limit(1);
    if (!row) return undefined;
    if (row.codeHash === activationCodeDigest(deps, user.id, code)) return row;
    await db
      .update(accountTokens)
      .set({
        attempts: sql`${accountTokens.attempts} + 1`,
        usedAt: sql`case when ${accountTokens.attempts} + 1 >= ${ACCOUNT_LIMITS.activationAttempts} then ${now.toISOString()}::timestamptz else ${accountTokens.usedAt} end`,
      })
      .where(eq(accountTokens.id, row.id));
    return undefined;
  }

  /**
   * Uses up the code (or the link's token) of a not-activated account and activates it, with the
   * activation answer's hash when one was given. Anything wrong answers 310 alike; any other state that
   * refuses sign-in still refuses it afterwards.
   */
  async function spendActivation(
    user: User | undefined,
    pin: string,
    activation: { clientIp: string; now: Date; answerHash?: string },
  ): Promise<User> {
    const { clientIp, now } = activation;
    if (user?.state !== 'not_activated') throw wrongActivation();
    const row = SIX_DIGITS.test(pin)
      ? await tokenForCode(user, pin, now)
      : await usableToken(db, pin, ['activation'], now);
    if (!row || row.userId !== user.id || !(await consumeToken(db, row.id, now))) {
      await auditAccount(deps, user.id, clientIp, now)('account.token_rejected', { purpose: 'activation' });
      throw wrongActivation();
    }
    const answer = activation.answerHash === undefined ? {} : { activationAnswerHash: activation.answerHash };
    await db
      .update(users)
      .set({ state: 'active', ...answer })
      .where(eq(users.id, user.id));
    await auditAccount(deps, user.id, clientIp, now)('account.activated', { purpose: 'activation' });
    const activated = { ...user, state: 'active' as const, ...answer };
    const refusal = stateRefusal(activated);
    if (refusal) throw refusal;
    return activated;
  }

  return {
    sendActivation: (input: SendInput, clientIp: string, now: Date) =>
      sendFor(input, 'not_activated', clientIp, now),

    resendConfirmation: (input: SendInput, clientIp: string, now: Date) =>
      sendFor(input, 'not_confirmed', clientIp, now),

    /** in-app-activation (the emailed link's page): activates only; the user then signs in. */
    async activate(
      input: { userName: string; brandId?: string | undefined; pin: string },
      clientIp: string,
      now: Date,
    ): Promise<User> {
      const user = await accountFor(deps, input.userName, input.brandId).catch((error: unknown) => {
        if (error instanceof ApiFailure) return undefined;
        throw error;
      });
      return spendActivation(user, input.pin, { clientIp, now });
    },

    /**
     * loginWithActivationCode: a sign-in with the activation code. The password first, exactly as at
     * /api/login (lockout, 108, the other states answered only once it verified), so neither the answer
     * nor the code tells anything to someone without it; then the answer's rules, which need the
     * password; then the code. The answer is hashed before the code is used up, so both are written in
     * the update that activates.
     */
    async signInWithCode(
      credential: NormalisedCredential,
      input: { password: string; activationAnswer: string; pin: string },
      clientIp: string,
      now: Date,
    ): Promise<User> {
      const user = await checkPassword(deps.signIn, credential, input.password, (candidate) =>
        candidate.state === 'not_activated'
          ? undefined
          : (stateRefusal(candidate) ?? badRequest('The account is already active')),
      );
      checkActivationAnswer(input.activationAnswer, input.password);
      const answerHash = await hashActivationAnswer(input.activationAnswer);
      return spendActivation(user, input.pin, { clientIp, now, answerHash });
    },

    /** The confirmation link: the account's email is confirmed, and 361 is no longer answered. */
    async confirmEmail(token: string, clientIp: string, now: Date) {
      const row = await usableToken(db, token, ['confirm'], now);
      const user = row && (await findUserById(db, row.userId));
      if (!row || !user || !(await consumeToken(db, row.id, now)))
        throw new ApiFailure(
          400,
          backendCode.resetLinkInvalid,
          'The link has expired. Please request another link.',
        );
      if (user.state === 'not_confirmed')
        await db.update(users).set({ state: 'active' }).where(eq(users.id, user.id));
      await auditAccount(deps, user.id, clientIp, now)('account.email_confirmed', { purpose: 'confirm' });
      return { loginId: user.email ?? '', confirmed: true as const };
    },
  };
}

export type ActivationService = ReturnType<typeof activationService>;
