import { readFileSync } from 'node:fs';
import { type Context, Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { brandIdSchema } from '../../api/contract/config.ts';
import { isLocalHttpOrigin } from '../auth/session.service.ts';
import { describeIssues } from '../http/validate.ts';
import { createDemoClient, type DemoClient, type DemoError, type Fetch, toDemoError } from './demo.client.ts';
import { errorPage, homePage, tokensPage } from './demo.pages.ts';
import { createDemoSessions, type DemoSession } from './demo.sessions.ts';

export interface DemoDeps {
  publicOrigin: string;
  /** How the demo app reaches the authorisation server: the network in production, app.request in tests. */
  fetch: Fetch;
}

const COOKIE = 'demo_app_session';
const stylesheet = readFileSync(new URL('./demo.css', import.meta.url), 'utf8');
const loginQuery = z.object({ brand_id: z.optional(brandIdSchema), prompt: z.optional(z.literal('login')) });

/** The demo partner app under /demo-app: a real OAuth client of this server. */
export function demoAppRoutes(deps: DemoDeps) {
  const client = createDemoClient({ issuer: deps.publicOrigin, fetch: deps.fetch });
  const sessions = createDemoSessions();
  const sessionOf = (c: Context) => sessions.get(getCookie(c, COOKIE));

  return new Hono()
    .get('/', (c) => c.html(homePage()))
    .get('/demo.css', (c) => c.body(stylesheet, 200, { 'Content-Type': 'text/css; charset=utf-8' }))
    .get('/login', async (c) => {
      const query = loginQuery.safeParse(c.req.query());
      if (!query.success)
        return c.html(errorPage({ error: 'invalid_request', description: describeIssues(query.error) }), 400);
      const extra = Object.fromEntries(Object.entries(query.data).filter(([, value]) => value !== undefined));
      try {
        const { url, pending } = await client.authorizationUrl(extra as Record<string, string>);
        setCookie(c, COOKIE, sessions.create({ pending }), {
          httpOnly: true,
          sameSite: 'Lax',
          path: '/demo-app',
          secure: !isLocalHttpOrigin(deps.publicOrigin),
        });
        return c.redirect(url, 302);
      } catch (error) {
        return c.html(errorPage(toDemoError(error)), 502);
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
          errorPage({ error, description: callback.searchParams.get('error_description') ?? '' }),
        );
      }
      if (!session || !pending) {
        return c.html(
          errorPage({
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
        return c.html(errorPage(toDemoError(failure)), 400);
      }
      return c.html(await renderTokens(client, session));
    })
    .post('/refresh', (c) =>
      withTokens(c, sessionOf(c), async (session, refreshToken) => {
        try {
          session.tokens = await client.refresh(refreshToken);
          return renderTokens(client, session, {
            notice: 'Tokens refreshed: the old refresh token is now spent.',
          });
        } catch (failure) {
          return renderTokens(client, session, { failure: toDemoError(failure) });
        }
      }),
    )
    .post('/revoke', (c) =>
      withTokens(c, sessionOf(c), async (session, refreshToken) => {
        try {
          await client.revoke(refreshToken);
          return renderTokens(client, session, {
            notice: 'Refresh token revoked, with every token issued alongside it.',
          });
        } catch (failure) {
          return renderTokens(client, session, { failure: toDemoError(failure) });
        }
      }),
    );
}

async function withTokens(
  c: Context,
  session: DemoSession | undefined,
  act: (session: DemoSession, refreshToken: string) => Promise<ReturnType<typeof tokensPage>>,
) {
  const refreshToken = session?.tokens?.refresh_token;
  if (!session || !refreshToken) {
    return c.html(
      errorPage({ error: 'not_signed_in', description: 'Sign in first: this browser holds no tokens here.' }),
      400,
    );
  }
  return c.html(await act(session, refreshToken));
}

async function renderTokens(
  client: DemoClient,
  session: DemoSession,
  outcome: { notice?: string; failure?: DemoError } = {},
) {
  const tokens = session.tokens;
  if (!tokens) throw new Error('renderTokens needs tokens');
  return tokensPage({
    decoded: await client.decode(tokens.access_token),
    refreshToken: tokens.refresh_token,
    expiresIn: tokens.expires_in,
    scope: tokens.scope,
    ...outcome,
  });
}
