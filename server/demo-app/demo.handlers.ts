import { readFileSync } from 'node:fs';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as oauth from 'oauth4webapi';
import { z } from 'zod';
import { brandIdSchema } from '../../api/contract/config.ts';
import { isLocalHttpOrigin } from '../auth/session.service.ts';
import { colourScheme } from '../http/colour-scheme.ts';
import { describeIssues } from '../http/validate.ts';
import type { DemoApp } from './demo.apps.ts';
import { backchannelForm, type LogoutClaims, logoutTokenVerifier } from './demo.backchannel.ts';
import { createDemoClient, type DemoClient, type DemoError, type Fetch, toDemoError } from './demo.client.ts';
import { errorPage, homePage, signedOutElsewherePage, signedOutPage, tokensPage } from './demo.pages.ts';
import { createDemoSessions, type DemoSession } from './demo.sessions.ts';

export interface DemoDeps {
  publicOrigin: string;
  /** How the demo app reaches the authorisation server: the network in production, app.request in tests. */
  fetch: Fetch;
  /** Which demo app this mount is (server/demo-app/demo.apps.ts). */
  app: DemoApp;
  /** The app's clock (tests move the server's); default the real one. */
  now?: () => Date;
}

const stylesheet = readFileSync(new URL('./demo.css', import.meta.url), 'utf8');
/** A logout token is a few hundred bytes; nothing bigger is read. */
const limitBody = bodyLimit({
  maxSize: 16 * 1024,
  onError: (c) => c.json({ error: 'invalid_request', error_description: 'Request body is too large' }, 413),
});
const loginQuery = z.object({
  brand_id: z.optional(brandIdSchema),
  prompt: z.optional(z.literal('login')),
  theme: z.optional(z.enum(['auto', 'light', 'dark'])),
});

/** A demo app under its base path (/demo-app, /demo-notes): a real OAuth client of this server. */
export function demoAppRoutes(deps: DemoDeps) {
  const { app } = deps;
  const now = deps.now ?? (() => new Date());
  const client = createDemoClient({ issuer: deps.publicOrigin, fetch: deps.fetch, app, now });
  const sessions = createDemoSessions();
  const verifyLogoutToken = logoutTokenVerifier({ clientId: app.clientId, verifier: client.verifier, now });
  // demo_app_session, demo_notes_session: each app its own cookie, scoped to its own path.
  const cookieName = `${app.basePath.slice(1).replaceAll('-', '_')}_session`;
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'Lax',
    path: app.basePath,
    secure: !isLocalHttpOrigin(deps.publicOrigin),
  } as const;
  const sessionOf = (c: Context) => sessions.get(getCookie(c, cookieName));
  /** Foyer ended the sign-in behind these tokens: say so once, and forget the session. */
  const endedElsewhere = (c: Context) => {
    const session = sessionOf(c);
    if (!session?.signedOutElsewhere) return undefined;
    sessions.forget(getCookie(c, cookieName));
    deleteCookie(c, cookieName, cookieOptions);
    return c.html(signedOutElsewherePage(app, session.scheme));
  };
  /** §2.7: the sessions of that sign-in (sid), or of that user (sub only), drop their tokens. */
  const endSignIn = (claims: LogoutClaims) => {
    for (const session of sessions.all()) {
      const held = session.idToken?.claims;
      if (!held) continue;
      const sameSub = claims.sub === undefined || held.sub === claims.sub;
      if (claims.sid !== undefined ? held.sid === claims.sid && sameSub : sameSub) {
        session.tokens = undefined;
        session.idToken = undefined;
        session.signedOutElsewhere = true;
      }
    }
  };

  return (
    new Hono()
      .get('/', (c) => endedElsewhere(c) ?? c.html(homePage(app, colourScheme(c.req.query('theme')))))
      .get('/demo.css', (c) => c.body(stylesheet, 200, { 'Content-Type': 'text/css; charset=utf-8' }))
      .get('/login', async (c) => {
        const query = loginQuery.safeParse(c.req.query());
        if (!query.success)
          return c.html(
            errorPage(
              app,
              { error: 'invalid_request', description: describeIssues(query.error) },
              colourScheme(c.req.query('theme')),
            ),
            400,
          );
        // Foyer hears only a chosen scheme: without one it follows the browser, as these pages do.
        const { theme, ...asked } = query.data;
        const scheme = colourScheme(theme);
        const extra = Object.fromEntries(
          Object.entries({ ...asked, theme: scheme }).filter(([, value]) => value !== undefined),
        );
        try {
          const { url, pending } = await client.authorizationUrl(extra as Record<string, string>);
          setCookie(c, cookieName, sessions.create({ pending, scheme }), cookieOptions);
          return c.redirect(url, 302);
        } catch (error) {
          return c.html(errorPage(app, toDemoError(error), scheme), 502);
        }
      })
      .get('/callback', async (c) => {
        const session = sessionOf(c);
        const pending = session?.pending;
        const scheme = session?.scheme;
        const callback = new URL(c.req.url);
        const error = callback.searchParams.get('error');
        // An error from the authorisation server is shown as it is; the SPA's cancel and deny redirects carry no state.
        if (error) {
          if (session) session.pending = undefined;
          return c.html(
            errorPage(
              app,
              { error, description: callback.searchParams.get('error_description') ?? '' },
              scheme,
            ),
          );
        }
        if (!session || !pending) {
          return c.html(
            errorPage(
              app,
              {
                error: 'no_login_in_progress',
                description: 'This browser has no sign-in in progress here. Start again.',
              },
              scheme,
            ),
            400,
          );
        }
        session.pending = undefined;
        try {
          ({ tokens: session.tokens, idToken: session.idToken } = await client.exchange(callback, pending));
        } catch (failure) {
          return c.html(errorPage(app, toDemoError(failure), scheme), 400);
        }
        return c.html(await renderTokens(app, client, session));
      })
      .post(
        '/refresh',
        (c) =>
          endedElsewhere(c) ??
          withTokens(c, app, sessionOf(c), async (session, refreshToken) => {
            try {
              const refreshed = await client.refresh(refreshToken);
              session.tokens = refreshed.tokens;
              // A refresh may bring a new ID token (same sign-in); without one the first still stands.
              session.idToken = refreshed.idToken ?? session.idToken;
              return renderTokens(app, client, session, {
                notice: 'Tokens refreshed: the old refresh token is now spent.',
              });
            } catch (failure) {
              return renderTokens(app, client, session, { failure: toDemoError(failure) });
            }
          }),
      )
      // Back-Channel Logout 1.0 §2.5–2.8: Foyer posts a logout token when a sign-in this app used ends.
      .post('/backchannel-logout', limitBody, async (c) => {
        const noStore = { 'Cache-Control': 'no-store' };
        const form = backchannelForm.safeParse(await c.req.parseBody().catch(() => ({})));
        const verified = form.success
          ? await verifyLogoutToken(form.data.logout_token)
          : { reason: describeIssues(form.error) };
        if ('reason' in verified)
          return c.json({ error: 'invalid_request', error_description: verified.reason }, 400, noStore);
        endSignIn(verified.claims);
        return c.body(null, 200, noStore);
      })
      .post(
        '/revoke',
        (c) =>
          endedElsewhere(c) ??
          withTokens(c, app, sessionOf(c), async (session, refreshToken) => {
            try {
              await client.revoke(refreshToken);
              return renderTokens(app, client, session, {
                notice: 'Refresh token revoked, with every token issued alongside it.',
              });
            } catch (failure) {
              return renderTokens(app, client, session, { failure: toDemoError(failure) });
            }
          }),
      )
      // Sign out: forget (and revoke) this app's tokens, then let Foyer end the sign-in and come back.
      .post('/logout', async (c) => {
        const signedIn = sessionOf(c);
        const refreshToken = signedIn?.tokens?.refresh_token;
        const idTokenHint = signedIn?.idToken?.raw;
        const scheme = signedIn?.scheme;
        sessions.forget(getCookie(c, cookieName));
        // Best effort: the app forgets the tokens whether or not the server heard about it.
        if (refreshToken) await client.revoke(refreshToken).catch(() => undefined);
        const logoutState = oauth.generateRandomState();
        setCookie(c, cookieName, sessions.create({ logoutState, scheme }), cookieOptions);
        try {
          return c.redirect(await client.endSessionUrl(logoutState, idTokenHint), 302);
        } catch (error) {
          return c.html(errorPage(app, toDemoError(error), scheme), 502);
        }
      })
      .get('/signed-out', (c) => {
        const session = sessionOf(c);
        const state = c.req.query('state');
        const matched = session?.logoutState !== undefined && session.logoutState === state;
        sessions.forget(getCookie(c, cookieName));
        deleteCookie(c, cookieName, cookieOptions);
        return c.html(signedOutPage(app, matched, session?.scheme));
      })
  );
}

async function withTokens(
  c: Context,
  app: DemoApp,
  session: DemoSession | undefined,
  act: (session: DemoSession, refreshToken: string) => Promise<ReturnType<typeof tokensPage>>,
) {
  const refreshToken = session?.tokens?.refresh_token;
  if (!session || !refreshToken) {
    return c.html(
      errorPage(
        app,
        { error: 'not_signed_in', description: 'Sign in first: this browser holds no tokens here.' },
        session?.scheme,
      ),
      400,
    );
  }
  return c.html(await act(session, refreshToken));
}

async function renderTokens(
  app: DemoApp,
  client: DemoClient,
  session: DemoSession,
  outcome: { notice?: string; failure?: DemoError } = {},
) {
  const tokens = session.tokens;
  if (!tokens) throw new Error('renderTokens needs tokens');
  const idToken = session.idToken;
  // UserInfo is asked each time the page shows: after Revoke it answers with the token's rejection.
  const userInfo = idToken
    ? await client.userInfo(tokens.access_token, idToken.claims.sub).then(
        (reply) => ({ reply }),
        (failure: unknown) => ({ failure: toDemoError(failure) }),
      )
    : undefined;
  return tokensPage(app, {
    decoded: await client.decode(tokens.access_token),
    idToken: idToken && { header: idToken.header, claims: idToken.claims },
    userInfo,
    refreshToken: tokens.refresh_token,
    expiresIn: tokens.expires_in,
    scope: tokens.scope,
    scheme: session.scheme,
    ...outcome,
  });
}
