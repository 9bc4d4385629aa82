import { readFileSync } from 'node:fs';
import { type Context, Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import * as oauth from 'oauth4webapi';
import QRCode from 'qrcode';
import { isLocalHttpOrigin } from '../auth/session.service.ts';
import { createDemoClient, type DemoClient, type Fetch, toDemoError } from '../demo-app/demo.client.ts';
import { createDemoSessions } from '../demo-app/demo.sessions.ts';
import { type ColourScheme, colourScheme } from '../http/colour-scheme.ts';
import { DEMO_ROOM_APP as app } from './room.app.ts';
import { type RoomOutcome, roomErrorPage, roomHomePage, roomPage } from './room.pages.ts';

export interface DemoRoomDeps {
  publicOrigin: string;
  /** How the room reaches the authorisation server: the network in production, app.request in tests. */
  fetch: Fetch;
  /** The server's clock, so tests can move the room's polling along with the grant's expiry. */
  now: () => Date;
  /**
   * The display name of an access token's subject. Foyer has no userinfo endpoint; the demo, which runs
   * inside the server, asks the server's own user table instead.
   */
  displayNameOf: (subject: string) => Promise<string | undefined>;
}

/** What the room remembers: its device grant as the server described it, and what it learnt since. */
interface RoomSession {
  deviceCode: string;
  userCode: string;
  verificationUri: string;
  verificationUriComplete: string;
  qrDataUrl: string;
  interval: number;
  /** When the room last asked the token endpoint (or started, before the first poll), in ms. */
  lastAskedAt: number;
  polls: number;
  outcome: RoomOutcome;
  refreshToken?: string | undefined;
  /** The theme=light or theme=dark of the Start that began it. */
  scheme?: ColourScheme | undefined;
}

const stylesheet = readFileSync(new URL('../demo-app/demo.css', import.meta.url), 'utf8');
const COOKIE = 'demo_room_session';

/**
 * The demo room display under /demo-room (docs/room-activation.md). Each load of its page polls the
 * token endpoint at most once, and only when the interval (grown by every slow_down) has passed since
 * the last poll, so a well-behaved room never hears slow_down; the page reloads itself when the next
 * poll is due. The poll count shows how many requests an approval took.
 */
export function demoRoomRoutes(deps: DemoRoomDeps) {
  const client = createDemoClient({ issuer: deps.publicOrigin, fetch: deps.fetch, app });
  const clock = () => deps.now().getTime();
  const sessions = createDemoSessions<RoomSession>(clock);
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'Lax',
    path: app.basePath,
    secure: !isLocalHttpOrigin(deps.publicOrigin),
  } as const;
  const sessionOf = (c: Context) => sessions.get(getCookie(c, COOKIE));

  return new Hono()
    .get('/', (c) => c.html(roomHomePage(colourScheme(c.req.query('theme')))))
    .get('/demo.css', (c) => c.body(stylesheet, 200, { 'Content-Type': 'text/css; charset=utf-8' }))
    .post('/start', async (c) => {
      // A room starting over forgets (and revokes) what it held.
      const previous = sessionOf(c)?.refreshToken;
      if (previous) await client.revoke(previous).catch(() => undefined);
      sessions.forget(getCookie(c, COOKIE));
      const scheme = colourScheme(c.req.query('theme'));
      try {
        const device = await client.startDevice();
        const complete = device.verification_uri_complete ?? device.verification_uri;
        const svg = await QRCode.toString(complete, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
        const id = sessions.create({
          deviceCode: device.device_code,
          userCode: device.user_code,
          verificationUri: device.verification_uri,
          verificationUriComplete: complete,
          qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
          interval: device.interval ?? 5,
          lastAskedAt: clock(),
          polls: 0,
          outcome: { kind: 'pending' },
          scheme,
        });
        setCookie(c, COOKIE, id, cookieOptions);
        return c.redirect(`${app.basePath}/room`, 303);
      } catch (error) {
        return c.html(roomErrorPage(toDemoError(error), scheme), 502);
      }
    })
    .get('/room', async (c) => {
      const session = sessionOf(c);
      if (!session) return c.redirect(app.basePath, 302);
      if (session.outcome.kind === 'pending' && clock() - session.lastAskedAt >= session.interval * 1000)
        await pollOnce(client, session, clock(), deps.displayNameOf);
      const { outcome } = session;
      const due = session.lastAskedAt + session.interval * 1000 - clock();
      return c.html(
        roomPage({
          ...session,
          refreshIn: outcome.kind === 'pending' ? Math.max(1, Math.ceil(due / 1000)) : undefined,
        }),
      );
    });
}

/** One token request; its answer moves the room on (RFC 8628 §3.5). */
async function pollOnce(
  client: DemoClient,
  session: RoomSession,
  at: number,
  displayNameOf: DemoRoomDeps['displayNameOf'],
): Promise<void> {
  // Counted before the await: a second tab loading meanwhile sees the poll as made.
  session.lastAskedAt = at;
  session.polls += 1;
  try {
    const tokens = await client.pollDevice(session.deviceCode);
    const { claims } = await client.decode(tokens.access_token);
    const subject = typeof claims.sub === 'string' ? claims.sub : '';
    session.refreshToken = tokens.refresh_token;
    session.outcome = { kind: 'signedIn', name: (await displayNameOf(subject)) ?? subject, claims };
  } catch (error) {
    const code = error instanceof oauth.ResponseBodyError ? error.error : undefined;
    if (code === 'authorization_pending') return;
    if (code === 'slow_down') {
      session.interval += 5;
      return;
    }
    if (code === 'access_denied') session.outcome = { kind: 'denied' };
    else if (code === 'expired_token') session.outcome = { kind: 'expired' };
    else session.outcome = { kind: 'failed', failure: toDemoError(error) };
  }
}
