import { readFileSync } from 'node:fs';
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as oauth from 'oauth4webapi';
import { z } from 'zod';
import { brandIdSchema } from '../../api/contract/config.ts';
import { isLocalHttpOrigin } from '../auth/session.service.ts';
import { describeIssues } from '../http/validate.ts';
import type { DemoApp } from './demo.apps.ts';
import { createDemoClient, type DemoClient, type DemoError, type Fetch, toDemoError } from './demo.client.ts';
import { errorPage, homePage, signedOutPage, tokensPage } from './demo.pages.ts';
import { createDemoSessions, type DemoSession } from './demo.sessions.ts';

export interface DemoDeps {
  publicOrigin: string;
  /** How the demo app reaches the authorisation server: the network in production, app.request in tests. */
  fetch: Fetch;
  /** Which demo app this mount is (server/demo-app/demo.apps.ts). */
  app: DemoApp;
}

const stylesheet = readFileSync(new URL('./demo.css', import.meta.url), 'utf8');
const loginQuery = z.object({ brand_id: z.optional(brandIdSchema), prompt: z.optional(z.literal('login')) });

/** A demo app under its base path (/demo-app, /demo-notes): a real OAuth client of this server. */
export function demoAppRoutes(deps: DemoDeps) {
  const { app } = deps;
  const client = createDemoClient({ issuer: deps.publicOrigin, fetch: deps.fetch, app });
  const sessions = createDemoSessions();
  // demo_app_session, demo_notes_session: each app its own cookie, scoped to its own path.
  const cookieName = `${app.basePath.slice(1).replaceAll('-', '_')}_session`;
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'Lax',
    path: app.basePath,
    secure: !isLocalHttpOrigin(deps.publicOrigin),
  } as const;
  const sessionOf = (c: Context) => sessions.get(getCookie(c, cookieName));

  return (
    new Hono()
      .get('/', (c) => c.html(homePage(app)))
      .get('/demo.css', (c) => c.body(stylesheet, 200, { 'Content-Type': 'text/css; charset=utf-8' }))
      .get('/login', async (c) => {
        const query = loginQuery.safeParse(c.req.query());
        if (!query.success)
          return c.html(
            errorPage(app, { error: 'invalid_request', description: describeIssues(query.error) }),
            400,
          );
        const extra = Object.fromEntries(
          Object.entries(query.data).filter(([, value]) => value !== undefined),
        );
        try {
          const { url, pending } = await client.authorizationUrl(extra as Record<string, string>);
          setCookie(c, cookieName, sessions.create({ pending }), cookieOptions);
          return c.redirect(url, 302);
        } catch (error) {
          return c.html(errorPage(app, toDemoError(error)), 502);
        }
      })
      .get('/callback', async (c) => {
        const session = sessionOf(c);
        const pending = session?.pending;
        const callback = new URL(c.req.url);
        const error = callback.searchParams.get('error');
        // An error from the authorisation server is shown as it is; the SPA's cancel and deny redirects carry no state.
        if (error) {
          if (session) session.pending = undefined;
          return c.html(
            errorPage(app, { error, description: callback.searchParams.get('error_description') ?? '' }),
          );
        }
        if (!session || !pending) {
          return c.html(
            errorPage(app, {
              error: 'no_login_in_progress',
              description: 'This browser has no sign-in in progress here. Start again.',
            }),
            400,
          );
        }
        session.pending = undefined;
        try {
          session.tokens = await client.exchange(callback, pending);
        } catch (failure) {
          return c.html(errorPage(app, toDemoError(failure)), 400);
        }
        return c.html(await renderTokens(app, client, session));
      })
      .post('/refresh', (c) =>
        withTokens(c, app, sessionOf(c), async (session, refreshToken) => {
          try {
            session.tokens = await client.refresh(refreshToken);
            return renderTokens(app, client, session, {
              notice: 'Tokens refreshed: the old refresh token is now spent.',
            });
          } catch (failure) {
            return renderTokens(app, client, session, { failure: toDemoError(failure) });
          }
        }),
      )
      .post('/revoke', (c) =>
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
        const refreshToken = sessionOf(c)?.tokens?.refresh_token;
        sessions.forget(getCookie(c, cookieName));
        // Best effort: the app forgets the tokens whether or not the server heard about it.
        if (refreshToken) await client.revoke(refreshToken).catch(() => undefined);
        const logoutState = oauth.generateRandomState();
        setCookie(c, cookieName, sessions.create({ logoutState }), cookieOptions);
        try {
          return c.redirect(await client.endSessionUrl(logoutState), 302);
        } catch (error) {
          return c.html(errorPage(app, toDemoError(error)), 502);
        }
      })
      .get('/signed-out', (c) => {
        const session = sessionOf(c);
        const state = c.req.query('state');
        const matched = session?.logoutState !== undefined && session.logoutState === state;
        sessions.forget(getCookie(c, cookieName));
        deleteCookie(c, cookieName, cookieOptions);
        return c.html(signedOutPage(app, matched));
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
      errorPage(app, {
        error: 'not_signed_in',
        description: 'Sign in first: this browser holds no tokens here.',
      }),
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
  return tokensPage(app, {
    decoded: await client.decode(tokens.access_token),
    refreshToken: tokens.refresh_token,
    expiresIn: tokens.expires_in,
    scope: tokens.scope,
    ...outcome,
  });
}
