import { type Context, Hono } from 'hono';
import { sameLogin } from '../../api/startupRule.ts';
import type { BrowserSessions } from '../auth/browser-sessions.ts';
import { findUserByExtensionId, loginIdOf } from '../auth/users.service.ts';
import { appendQuery } from '../authorisation/authorisation.service.ts';
import { findClient } from '../clients/clients.service.ts';
import type { Database } from '../db/client.ts';
import { describeIssues } from '../http/validate.ts';
import {
  type EndSessionRequest,
  endSessionRequest,
  readLogoutHint,
  registeredReturn,
  spaPage,
  startedHere,
} from './end-session.service.ts';
import type { SigningKeys } from './signing-keys.ts';

export interface EndSessionDeps {
  db: Database;
  keys: SigningKeys;
  issuer: string;
  sessions: BrowserSessions;
  now: () => Date;
}

const NAMES = [
  'client_id',
  'post_logout_redirect_uri',
  'state',
  'id_token_hint',
  'logout_hint',
  'ui_locales',
] as const;

/** The request's parameters from the query (GET) or the form (POST); a repeated one is refused. */
async function readParameters(c: Context): Promise<URLSearchParams | string> {
  if (c.req.method === 'GET') return new URL(c.req.url).searchParams;
  if (!/^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? ''))
    return 'Content-Type must be application/x-www-form-urlencoded';
  return new URLSearchParams(await c.req.text());
}

/**
 * GET and POST /oauth/logout: OpenID Connect RP-Initiated Logout 1.0 (docs/sessions.md). Ends this
 * browser's sessions — only the hinted user's with a usable id_token_hint — and returns to the app's
 * registered post-logout address with its state, or to the SPA's signed-out page. A request from
 * another site without a usable hint ends nothing (logout CSRF): it reaches the account picker, where
 * the user can sign out on purpose. Tokens already issued to apps stay valid until they expire.
 */
export function endSessionRoutes({ db, keys, issuer, sessions, now }: EndSessionDeps) {
  const endSession = async (c: Context) => {
    const raw = await readParameters(c);
    if (typeof raw === 'string') return c.text(`Sign-out request not valid: ${raw}`, 400);
    const repeated = NAMES.find((name) => raw.getAll(name).length > 1);
    if (repeated) return c.text(`Sign-out request not valid: ${repeated} must not be repeated`, 400);
    const parsed = endSessionRequest.safeParse(
      Object.fromEntries(NAMES.map((name) => [name, raw.get(name) ?? undefined])),
    );
    if (!parsed.success) return c.text(`Sign-out request not valid: ${describeIssues(parsed.error)}`, 400);
    const request: EndSessionRequest = parsed.data;

    const hint =
      request.id_token_hint === undefined
        ? undefined
        : await readLogoutHint(keys, issuer, request.id_token_hint, request.client_id);
    const clientId = request.client_id ?? hint?.clientId;
    const client = clientId === undefined ? undefined : await findClient(db, clientId);
    // A hint that fails validation must not be used, nor may anything be done on its strength
    // (RP-Initiated Logout §4): the user decides at the picker instead.
    const refusedHint = request.id_token_hint !== undefined && hint === undefined;
    if (refusedHint || (!hint && !startedHere(c, issuer)))
      return c.redirect(spaPage('selectAccount', client, undefined, request.ui_locales), 302);

    const at = now();
    const user = hint
      ? await findUserByExtensionId(db, hint.subject)
      : request.logout_hint === undefined
        ? undefined
        : (await sessions.list(c, at)).find((session) =>
            sameLogin(loginIdOf(session.user), request.logout_hint),
          )?.user;
    // A hint for a user not signed in here ends nothing: never everyone's sessions by default.
    const named = hint !== undefined || request.logout_hint !== undefined;
    const { ended } =
      named && !user ? { ended: [] } : await sessions.signOut(c, at, user ? { userId: user.id } : {});

    const back = registeredReturn(client, request.post_logout_redirect_uri);
    if (back !== undefined)
      return c.redirect(
        request.state === undefined ? back : appendQuery(back, { state: request.state }),
        302,
      );
    return c.redirect(spaPage('signedOut', client, ended[0]?.brandId, request.ui_locales), 302);
  };
  return new Hono().get('/logout', endSession).post('/logout', endSession);
}
