import type { TokenEndpointResponse } from 'oauth4webapi';
import type { ColourScheme } from '../http/colour-scheme.ts';
import { randomToken } from '../security/tokens.ts';
import type { PendingLogin, SignedInTokens } from './demo.client.ts';

/**
 * What the demo app remembers per browser: a login in progress, then the tokens it obtained, then
 * the state of a sign-out in progress (or that the sign-in ended elsewhere).
 */
export interface DemoSession {
  pending?: PendingLogin | undefined;
  tokens?: TokenEndpointResponse | undefined;
  /** The ID token the tokens came with (OpenID Connect), checked; its sid names Foyer's session. */
  idToken?: SignedInTokens['idToken'];
  logoutState?: string | undefined;
  /** Foyer said (Back-Channel Logout) that the sign-in behind these tokens ended elsewhere. */
  signedOutElsewhere?: boolean | undefined;
  /** The colour scheme chosen on the home page; the pages after Foyer's keep it. */
  scheme?: ColourScheme | undefined;
  touchedAt: number;
}

const IDLE_LIFETIME_MS = 30 * 60 * 1000;
const MAX_SESSIONS = 1000;

/**
 * Kept in memory, server side, keyed by an opaque cookie: the verifier and tokens never reach the browser
 * except where the page shows them on purpose. Bounded, so a flood of logins cannot grow it forever.
 * `Fields` is what a demo keeps (the room demo keeps its device grant: server/demo-room).
 */
export function createDemoSessions<Fields extends object = Omit<DemoSession, 'touchedAt'>>(
  clock: () => number = Date.now,
) {
  type Session = Fields & { touchedAt: number };
  const sessions = new Map<string, Session>();

  const prune = () => {
    const now = clock();
    for (const [id, session] of sessions) if (now - session.touchedAt > IDLE_LIFETIME_MS) sessions.delete(id);
    while (sessions.size >= MAX_SESSIONS) {
      const oldest = sessions.keys().next().value;
      if (oldest === undefined) break;
      sessions.delete(oldest);
    }
  };

  return {
    create(session: Fields): string {
      prune();
      const id = randomToken();
      sessions.set(id, { ...session, touchedAt: clock() });
      return id;
    },
    get(id: string | undefined): Session | undefined {
      const session = id === undefined ? undefined : sessions.get(id);
      if (!session || clock() - session.touchedAt > IDLE_LIFETIME_MS) return undefined;
      session.touchedAt = clock();
      return session;
    },
    forget(id: string | undefined): void {
      if (id !== undefined) sessions.delete(id);
    },
    /** Every live session: a logout token names sessions by Foyer's sid, not by this cookie. */
    all(): Session[] {
      const now = clock();
      return [...sessions.values()].filter((session) => now - session.touchedAt <= IDLE_LIFETIME_MS);
    },
  };
}

export type DemoSessions = ReturnType<typeof createDemoSessions>;
