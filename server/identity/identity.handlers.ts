import { readFileSync } from 'node:fs';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  emailSchema,
  identitySignInForm,
  type LoginDispatcherQuery,
  loginDispatcherQuery,
  ssoAvailabilityQuery,
} from '../../api/contract/identity.ts';
import { startupParamsSchema } from '../../api/contract/startup.ts';
import { type AdmissionDeps, signInAdmission } from '../auth/admission.ts';
import { SIGN_IN_AMR } from '../auth/amr.ts';
import type { BrowserSessions } from '../auth/browser-sessions.ts';
import { maySignInWithSso } from '../auth/login-options.ts';
import { isLocalHttpOrigin } from '../auth/session.service.ts';
import { checkPassword } from '../auth/sign-in.service.ts';
import { findUser, normaliseCredential } from '../auth/users.service.ts';
import { findClient, isRegisteredRedirectUri } from '../clients/clients.service.ts';
import { findBrand } from '../config/config.service.ts';
import { colourScheme, withScheme } from '../http/colour-scheme.ts';
import { pageStylesheet } from '../http/page-stylesheet.ts';
import { ok } from '../http/reply.ts';
import { describeIssues, queryInput } from '../http/validate.ts';
import type { SigningKeys } from '../oauth/signing-keys.ts';
import { countedSignIn } from '../observability/metrics.ts';
import { expiredPage, type PopupEnd, popupDonePage, signInPage } from './identity.pages.ts';
import {
  hashNonce,
  IDENTITY_REQUEST_LIFETIME_S,
  type IdentityRequest,
  newNonce,
  readIdentityRequest,
  signIdentityRequest,
} from './identity.requests.ts';
import { failureRoute, requestScheme, spaAddress } from './identity.returns.ts';
import {
  ACCESS_DENIED,
  type IdentityFailure,
  identityOutcome,
  identityRefusalPage,
} from './identity.service.ts';

export interface IdentityDeps extends AdmissionDeps {
  sessions: BrowserSessions;
  keys: SigningKeys;
  publicOrigin: string;
  now: () => Date;
}

const NONCE_COOKIE = 'foyer_idp';
const stylesheet = pageStylesheet(new URL('./idp.css', import.meta.url));
const popupScript = readFileSync(new URL('./popup-done.js', import.meta.url), 'utf8');
/** The SPA's own parameters travel back to it; these would undo the sign-in that just happened. */
const NOT_RETURNED = new Set(['force', 'prompt', 'errorCode']);
/** Outcomes other than a sign-in: back to the credential page, or to the SPA page for a failure. */
type Finish =
  | { outcome: 'signedIn' }
  | { outcome: 'cancelled' }
  | { outcome: 'failed'; failure: IdentityFailure };
const SPA_KEYS = new Set(Object.keys(startupParamsSchema.shape));
/**
 * The form's email as the account lookup may take it. This form is read without the API's input checks
 * (server/http/validate.ts), so a control character, NUL above all (PostgreSQL text cannot hold it), is
 * refused here, like any other text that is no email.
 */
const isEmail = (text: string) =>
  emailSchema.safeParse(text).success && ![...text].some((char) => char < ' ' || char === '\u007f');

/**
 * Spec §7 alternative sign-in, end to end on one machine: /mobile/loginDispatcher (and the
 * /api/sso/startup and /api/sso/google/startup variants) send the browser to a reference identity
 * provider standing in for a company's SSO, Google or Apple; signing in there opens a Foyer session
 * and returns to the SPA with its own parameters, which then goes on to consent like after a password.
 * A wrong password stays on the provider's page; any other end returns to the SPA, a failure on the
 * SPA's notice or mismatch page (docs/notices.md "SSO notices").
 */
export function identityRoutes(deps: IdentityDeps) {
  const { db, keys, publicOrigin } = deps;
  const admission = signInAdmission(deps);
  const secure = !isLocalHttpOrigin(publicOrigin);

  /** Validates the page parameters, signs the request, and sends the browser to the provider's page. */
  async function startFlow(c: Context, dispatcher: LoginDispatcherQuery) {
    const raw = c.req.query();
    const scheme = colourScheme(raw.theme);
    const page = startupParamsSchema.safeParse(raw);
    if (!page.success)
      return c.html(
        expiredPage(`The sign-in request is not valid: ${describeIssues(page.error)}`, scheme),
        400,
      );
    const client = await findClient(db, page.data.clientId);
    if (!client) return c.html(expiredPage('The sign-in request names an unknown app.', scheme), 400);
    // Exactly as at /oauth/authorize: the return never carries a redirect URI the app did not register.
    if (page.data.appUrlScheme !== undefined && !isRegisteredRedirectUri(client, page.data.appUrlScheme))
      return c.html(
        expiredPage('The sign-in request names a redirect URI the app did not register.', scheme),
        400,
      );
    const returnQuery = new URLSearchParams(
      Object.entries(raw).filter(([key]) => SPA_KEYS.has(key) && !NOT_RETURNED.has(key)),
    );
    const nonce = newNonce();
    const request: IdentityRequest = {
      entrance: dispatcher.selected_entrance,
      loginHint: dispatcher.login_hint,
      denyMismatch: dispatcher.denySSOIfEmailMismatch === '1',
      popup: dispatcher.ssoPopup === 'true',
      // Spec §7: the dispatcher's rememberEmail=1 is the credential page's Remember me.
      rememberMe: dispatcher.rememberEmail === '1',
      returnQuery: returnQuery.toString(),
      nonceHash: hashNonce(nonce),
    };
    setCookie(c, NONCE_COOKIE, nonce, {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/idp',
      secure,
      maxAge: IDENTITY_REQUEST_LIFETIME_S,
    });
    const token = await signIdentityRequest(keys, publicOrigin, request, deps.now());
    return c.redirect(`/idp/sign-in?${new URLSearchParams({ request: token })}`, 302);
  }

  const dispatcherInput = (c: Context, overrides: Partial<LoginDispatcherQuery>) =>
    loginDispatcherQuery.safeParse({ ...c.req.query(), ...overrides });

  const dispatch = async (c: Context, overrides: Partial<LoginDispatcherQuery> = {}) => {
    const dispatcher = dispatcherInput(c, overrides);
    if (!dispatcher.success)
      return c.html(
        expiredPage(
          `The sign-in request is not valid: ${describeIssues(dispatcher.error)}`,
          colourScheme(c.req.query('theme')),
        ),
        400,
      );
    return startFlow(c, dispatcher.data);
  };

  /** Where the browser goes once the provider is done. */
  const finish = (c: Context, request: IdentityRequest, end: Finish) => {
    deleteCookie(c, NONCE_COOKIE, { path: '/idp', secure });
    const query = new URLSearchParams(request.returnQuery);
    if (end.outcome === 'failed') {
      const returnTo = spaAddress(query.toString(), failureRoute(request.entrance, end.failure));
      // The popup's last page sends the window that opened it there (popup-done.js).
      return request.popup
        ? c.html(popupDonePage({ outcome: 'failed', returnTo }, requestScheme(request)))
        : c.redirect(returnTo, 302);
    }
    if (request.popup)
      return c.redirect(withScheme(`/idp/done?outcome=${end.outcome}`, requestScheme(request)), 302);
    // Cancelled: back to the credential page of the same sign-in.
    if (end.outcome === 'cancelled') query.set('force', 'true');
    return c.redirect(spaAddress(query.toString()), 302);
  };
  const expired = (c: Context, request: IdentityRequest) =>
    finish(c, request, { outcome: 'failed', failure: { kind: 'expired' } });

  const api = new Hono()
    .get('/sso/availability', async (c) => {
      const query = queryInput(c, ssoAvailabilityQuery);
      const credential = normaliseCredential(await findBrand(db, undefined), { username: query.email });
      const user = await findUser(db, credential);
      return ok(c, { ssoAvailable: user !== undefined && maySignInWithSso(user) });
    })
    .get('/sso/startup', (c) =>
      dispatch(c, {
        selected_entrance: 'sso',
        ...(c.req.query('email') ? { login_hint: c.req.query('email') } : {}),
      }),
    )
    .get('/sso/google/startup', (c) => dispatch(c, { selected_entrance: 'google' }));

  const mobile = new Hono().get('/loginDispatcher', (c) => dispatch(c));

  const idp = new Hono()
    .use(
      bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.html(expiredPage('The form is too large.'), 413) }),
    )
    .get('/idp.css', (c) => c.body(stylesheet, 200, { 'Content-Type': 'text/css; charset=utf-8' }))
    .get('/popup-done.js', (c) =>
      c.body(popupScript, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }),
    )
    .get('/done', (c) => {
      const outcome: PopupEnd['outcome'] = c.req.query('outcome') === 'signedIn' ? 'signedIn' : 'cancelled';
      return c.html(popupDonePage({ outcome }, colourScheme(c.req.query('theme'))));
    })
    .get('/sign-in', async (c) => {
      const token = c.req.query('request') ?? '';
      const read = await readIdentityRequest(keys, publicOrigin, token, deps.now());
      if (!read) return c.html(expiredPage('The sign-in request has expired or is not valid.'), 400);
      // A page opened (or reloaded) after the request expired goes back to the app's sign-in.
      if (read.expired) return expired(c, read.request);
      return c.html(
        signInPage({
          entrance: read.request.entrance,
          requestToken: token,
          email: read.request.loginHint ?? '',
          scheme: requestScheme(read.request),
        }),
      );
    })
    .post('/sign-in', async (c) => {
      const form = identitySignInForm.safeParse(await c.req.parseBody().catch(() => ({})));
      if (!form.success)
        return c.html(expiredPage(`The form is not valid: ${describeIssues(form.error)}`), 400);
      const read = await readIdentityRequest(keys, publicOrigin, form.data.request, deps.now());
      if (!read) return c.html(expiredPage('The sign-in request has expired or is not valid.'), 400);
      const { request } = read;
      const scheme = requestScheme(request);
      // Nothing signs in after the request expired, so where it came from may have it back.
      if (read.expired) return expired(c, request);
      const nonce = getCookie(c, NONCE_COOKIE);
      // The nonce cookie is SameSite=Lax: a form posted from another site arrives without it.
      if (!nonce || hashNonce(nonce) !== request.nonceHash)
        return c.html(expiredPage('The sign-in request has expired or is not valid.', scheme), 400);
      if (form.data.action === 'cancel') return finish(c, request, { outcome: 'cancelled' });
      // "Don't allow" is Google's and Apple's consent; a company's single sign-on has none.
      if (form.data.action === 'deny')
        return request.entrance === 'sso'
          ? c.html(expiredPage('The form is not valid: single sign-on has no "Don\'t allow".', scheme), 400)
          : finish(c, request, { outcome: 'failed', failure: ACCESS_DENIED });

      const email = (form.data.email ?? '').trim();
      const again = (error: string, status: 400 | 401 | 403 | 429) =>
        c.html(
          signInPage({ entrance: request.entrance, requestToken: form.data.request, email, error, scheme }),
          status,
        );
      if (!isEmail(email) || !form.data.password)
        return again('Enter the email and the password of the account.', 400);
      try {
        await admission.limitByIp(c);
        const credential = await admission.admit({ username: email });
        // The provider identifies the person first; what Foyer makes of the identity is decided after.
        const user = await countedSignIn(
          'identity_provider',
          checkPassword(admission.signInContext, credential, form.data.password, () => undefined),
        );
        const failure = identityOutcome(request, user, await findBrand(db, user.brandId), {
          hideAppleEmail: form.data.appleEmail === 'hide',
        });
        if (failure) return finish(c, request, { outcome: 'failed', failure });
        await deps.sessions.signIn(
          c,
          user,
          request.rememberMe ?? false,
          deps.now(),
          SIGN_IN_AMR.identityProvider,
        );
        return finish(c, request, { outcome: 'signedIn' });
      } catch (error) {
        const refusal = identityRefusalPage(error);
        if (!refusal) throw error;
        return again(refusal.text, refusal.status);
      }
    });

  return { api, mobile, idp };
}
