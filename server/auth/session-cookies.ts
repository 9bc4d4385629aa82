import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { MAX_ACCOUNTS_PER_BROWSER } from '../../api/contract/session.ts';
import { type HeldSession, isLocalHttpOrigin } from './session.service.ts';

/** A session token as randomToken() makes it: 43 base64url characters, so never a dot. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const SEPARATOR = '.';

/** The tokens a browser presented, per cookie, as they came (to know whether a cookie must change). */
export interface PresentedTokens {
  session: string[];
  persistent: string[];
}

/**
 * The two session cookies (docs/sessions.md): one that ends with the browser and one that persists
 * (remember me), each holding up to MAX_ACCOUNTS_PER_BROWSER tokens, dot-separated; the browser's
 * sessions are their union. On an https origin they are `__Host-` cookies: Secure, Path=/, no Domain,
 * so a sibling subdomain can neither set nor shadow them.
 */
export function sessionCookies(publicOrigin: string) {
  const secure = !isLocalHttpOrigin(publicOrigin);
  const name = (base: string) => (secure ? `__Host-${base}` : base);
  const names = { session: name('foyer_session'), persistent: name('foyer_persistent') } as const;

  const tokensIn = (value: string | undefined) =>
    [...new Set((value ?? '').split(SEPARATOR).filter((token) => TOKEN.test(token)))].slice(
      0,
      MAX_ACCOUNTS_PER_BROWSER,
    );

  const put = (c: Context, cookieName: string, value: string, maxAge: number | undefined) =>
    setCookie(c, cookieName, value, {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      secure,
      ...(maxAge !== undefined ? { maxAge } : {}),
    });

  return {
    names,

    read(c: Context): PresentedTokens {
      return {
        session: tokensIn(getCookie(c, names.session)),
        persistent: tokensIn(getCookie(c, names.persistent)),
      };
    },

    /**
     * Makes the cookies hold exactly these sessions (most recent first): remembered ones in the
     * persistent cookie, which lives until the last of them expires, the others in the browser-session
     * cookie (no Max-Age). A cookie that would not change is not sent again; an empty one is removed.
     */
    write(c: Context, presented: PresentedTokens, held: readonly HeldSession[], now: Date): void {
      const kept = held.slice(0, MAX_ACCOUNTS_PER_BROWSER);
      const browser = kept.filter((session) => !session.persistent);
      const remembered = kept.filter((session) => session.persistent);
      const same = (a: readonly string[], b: readonly string[]) => a.join(SEPARATOR) === b.join(SEPARATOR);

      const browserTokens = browser.map((session) => session.token);
      if (!same(browserTokens, presented.session)) {
        if (browserTokens.length > 0) put(c, names.session, browserTokens.join(SEPARATOR), undefined);
        else put(c, names.session, '', 0);
      }
      const rememberedTokens = remembered.map((session) => session.token);
      if (!same(rememberedTokens, presented.persistent)) {
        if (rememberedTokens.length === 0) put(c, names.persistent, '', 0);
        else {
          const last = Math.max(...remembered.map((session) => session.expiresAt.getTime()));
          put(
            c,
            names.persistent,
            rememberedTokens.join(SEPARATOR),
            Math.ceil((last - now.getTime()) / 1000),
          );
        }
      }
    },
  };
}

export type SessionCookies = ReturnType<typeof sessionCookies>;
