import type { StartupParams } from '../../api/contract/startup.ts';
import { codeLeadsToPage, sessionStart } from '../../api/startupRule.ts';
import { type PlatformSession, touchSession } from '../auth/session.service.ts';
import { issueCodeForSession } from '../authorisation/authorisation.service.ts';
import type { Client } from '../clients/clients.service.ts';
import type { Database } from '../db/client.ts';
import { ApiFailure } from '../http/errors.ts';
import type { TrustedDeviceClaim } from '../two-factor/trusted-device.ts';
import { type AuthorizeParams, codeRequestOf } from './authorize.request.ts';
import { accountsOfSessions, type PromptRequest, signInTooOld } from './prompt.ts';

export interface ReturningRequest {
  issuer: string;
  client: Client;
  redirectUri: string;
  params: AuthorizeParams;
  /** The page's start-up parameters, as its own schema reads them (toStartupQuery). */
  startup: StartupParams;
  scope: string;
  prompt: PromptRequest;
  /** This browser's live sessions, most recent sign-in first. */
  held: readonly PlatformSession[];
  trustedDevice: readonly TrustedDeviceClaim[];
}

/** What answered the request: the app's redirect with its code, and the session it was issued for. */
export interface ReturningAnswer {
  location: string;
  session: PlatformSession;
}

/**
 * A returning user in one redirect (docs/sessions.md, "One redirect"): when the page would only show
 * progress and ask for the code (spec §4 Start: one account, or the one login_hint names, with an
 * honoured hide_consent), the server asks itself, through the same start-up rule (api/startupRule.ts)
 * and the same code request (issueCodeForSession) the page uses. Anything that needs a page (a prompt,
 * an old sign-in, several accounts, the consent page, login automation, a native app's scheme, or any
 * gate of the code request: second factor, password change, notices, E911, no permission) answers
 * undefined, and the page is loaded exactly as before: it asks again and shows what it must.
 */
export async function answerReturningUser(
  db: Database,
  request: ReturningRequest,
  now: Date,
): Promise<ReturningAnswer | undefined> {
  const { startup, params } = request;
  // Every prompt value asks for a page or a choice; one the page does not know is still not "no prompt".
  if (params.prompt !== undefined || startup.force) return undefined;
  if (codeLeadsToPage(startup, request.redirectUri)) return undefined;
  const start = sessionStart(startup, accountsOfSessions(request.held));
  if (start.step !== 'requestCode') return undefined;
  const { session } = start.account;
  if (signInTooOld(session, request.prompt, now)) return undefined;
  // Asking for a code is activity on the session, as the page's request is (browser-sessions require).
  await touchSession(db, session, now);
  try {
    const code = { ...codeRequestOf(request), session, consentGiven: false };
    const location = await issueCodeForSession(db, code, now);
    return { location, session };
  } catch (error) {
    // Every refusal of the code request is the page's to show; it meets the same one when it asks.
    if (error instanceof ApiFailure) return undefined;
    throw error;
  }
}
