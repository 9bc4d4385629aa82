import type { NoAccountReason } from '../../api/startupRule.ts';
import { PasswordChangeNeeded } from '../account/password-change.ts';
import { type PlatformSession, touchSession } from '../auth/session.service.ts';
import { authorisationResponse, issueAuthorisationCode } from '../authorisation/authorisation.service.ts';
import { consentNeeded } from '../authorisation/consent.service.ts';
import type { Client } from '../clients/clients.service.ts';
import type { Database } from '../db/client.ts';
import { EmergencyAddressNeeded } from '../emergency/emergency.gate.ts';
import { NoticeNeeded } from '../notices/notices.errors.ts';
import { SecondFactorNeeded } from '../two-factor/second-factor.service.ts';
import type { TrustedDeviceClaim } from '../two-factor/trusted-device.ts';
import { type AuthorizeParams, codeRequestOf } from './authorize.request.ts';
import { type PromptRequest, type SessionChoice, signInTooOld } from './prompt.ts';

export interface SilentRequest {
  issuer: string;
  client: Client;
  redirectUri: string;
  params: AuthorizeParams;
  scope: string;
  prompt: PromptRequest;
  choice: SessionChoice;
  /** The browser's valid trusted-device entries (server/two-factor/trusted-device.ts). */
  trustedDevice: readonly TrustedDeviceClaim[];
}

/** OpenID Connect Core §3.1.2.6: why prompt=none cannot be answered without showing the user anything. */
type SilentError =
  | 'login_required'
  | 'interaction_required'
  | 'consent_required'
  | 'account_selection_required';

const WHY: Record<NoAccountReason, [SilentError, string]> = {
  signedOut: ['login_required', 'No account is signed in'],
  hintNotSignedIn: ['login_required', 'The account named by login_hint is not signed in'],
  several: ['account_selection_required', 'Several accounts are signed in: the user must choose one'],
};

/**
 * prompt=none: the app asks for a code without any page being shown. Either the browser's session
 * answers (a code, issued by the same code as after the consent page) or the app learns why not, with
 * its state; the browser never reaches the SPA.
 */
export async function silentAuthorisation(db: Database, request: SilentRequest, now: Date): Promise<string> {
  const { client, redirectUri, params } = request;
  const back = (error: SilentError, description: string) =>
    authorisationResponse(
      request.issuer,
      redirectUri,
      { error, error_description: description },
      params.state,
    );
  const { choice } = request;
  if (choice.session === undefined) return back(...WHY[choice.reason]);
  const { session } = choice;
  if (signInTooOld(session, request.prompt, now))
    return back('login_required', 'The sign-in is older than max_age allows');
  if (await consentNeeded(db, session.user.id, client, request.scope))
    return back('consent_required', 'The user has not granted this app the requested scope');
  try {
    return await issueSilently(db, request, session, now);
  } catch (error) {
    // The second-factor rule refused (306/224): the user must see a page, which prompt=none forbids.
    if (error instanceof SecondFactorNeeded)
      return back('interaction_required', 'The account must complete two-factor verification first');
    // A required password change (412) needs its page too.
    if (error instanceof PasswordChangeNeeded)
      return back('interaction_required', 'The account must change its password first');
    // The E911 step (701/702) is a page too.
    if (error instanceof EmergencyAddressNeeded)
      return back('interaction_required', 'The account must confirm its emergency address first');
    // So are the FedRAMP notice (720) and the terms of service (730).
    if (error instanceof NoticeNeeded)
      return back('interaction_required', 'The account must accept a notice first');
    throw error;
  }
}

async function issueSilently(db: Database, request: SilentRequest, session: PlatformSession, now: Date) {
  await touchSession(db, session, now);
  const code = { ...codeRequestOf(request), userId: session.user.id, sessionId: session.id };
  return issueAuthorisationCode(db, code, now);
}
