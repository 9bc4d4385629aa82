import { chooseAccount, type NoAccountReason } from '../../api/startupRule.ts';
import type { PlatformSession } from '../auth/session.service.ts';
import { secondsSinceSignIn } from '../auth/session.service.ts';
import { loginIdOf } from '../auth/users.service.ts';

/**
 * What an authorisation request asks about the user's sign-in (OpenID Connect Core §3.1.2.1): `prompt`
 * (none, login, consent, select_account; Foyer's own `sso` and unknown values pass to the SPA, whose
 * schema keeps what it knows) and `max_age` in seconds.
 */
export interface PromptRequest {
  none: boolean;
  login: boolean;
  consent: boolean;
  selectAccount: boolean;
  maxAgeS: number | undefined;
}

export type PromptOutcome = { ok: true; prompt: PromptRequest } | { ok: false; description: string };

/** max_age: seconds, digits only; ten digits (three centuries) are plenty and keep it an exact number. */
const MAX_AGE = /^\d{1,10}$/;

export function readPrompt(prompt: string | undefined, maxAge: string | undefined): PromptOutcome {
  const values = new Set((prompt ?? '').split(' ').filter((value) => value !== ''));
  if (values.has('none') && values.size > 1)
    return { ok: false, description: 'prompt=none must not be combined with other prompt values' };
  if (maxAge !== undefined && !MAX_AGE.test(maxAge))
    return { ok: false, description: 'max_age must be a non-negative integer (seconds)' };
  return {
    ok: true,
    prompt: {
      none: values.has('none'),
      login: values.has('login'),
      consent: values.has('consent'),
      selectAccount: values.has('select_account'),
      maxAgeS: maxAge === undefined ? undefined : Number(maxAge),
    },
  };
}

/** Whether the sign-in is older than max_age allows, so the user must sign in again. */
export const signInTooOld = (session: PlatformSession, prompt: PromptRequest, now: Date) =>
  prompt.maxAgeS !== undefined &&
  // max_age=0 asks for a sign-in now, as prompt=login does (Core §3.1.2.1), even one a moment old.
  (prompt.maxAgeS === 0 || secondsSinceSignIn(session, now) > prompt.maxAgeS);

/** Which of the browser's sessions a request is about, or why none can be picked without asking. */
export type SessionChoice = { session: PlatformSession } | { session?: undefined; reason: NoAccountReason };

/** The browser's sessions as the start-up rule sees them: each with the login id the user types. */
export const accountsOfSessions = (held: readonly PlatformSession[]) =>
  held.map((session) => ({ loginId: loginIdOf(session.user), session }));

/**
 * The session the request is for, by the start-up rule the page uses too (api/startupRule.ts): the one
 * login_hint names, else the only one. Several without a hint that picks one is the user's choice to
 * make (the account picker), not the server's.
 */
export function chooseSession(
  held: readonly PlatformSession[],
  loginHint: string | undefined,
): SessionChoice {
  const choice = chooseAccount(accountsOfSessions(held), loginHint);
  return choice.account ? { session: choice.account.session } : choice;
}
