// A returning user opening the first-party app (Demo Notes, hide_consent) while signed in: from the
// authorisation request to the app's callback, in Chromium against the bench server (loopback). The
// one-redirect path (server/oauth/authorize.returning.ts) and the page's path are measured in the same
// run, the page's by a request the server hands over unchanged (an unknown prompt value, which the
// page's schema drops), so both end in the same code redirect.
import { createHash, randomBytes } from 'node:crypto';
import { type Browser, chromium } from 'playwright-core';
import { chromiumArgs } from '../browser/harness.ts';

const ROUNDS = 15;
const CALLBACK = '/demo-notes/callback';

export interface PathTiming {
  medianMs: number;
  p90Ms: number;
  /** Requests the browser made before the callback, the authorisation request included. */
  requestsBeforeCallback: number;
}

/** Both paths for ada@, whose session cookies come from a sign-in through the API. */
export async function measureReturningUser(origin: string, cookieHeader: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    const oneRedirect = await timePath(browser, origin, cookieHeader, {});
    const page = await timePath(browser, origin, cookieHeader, { prompt: 'bench-hands-over' });
    return { oneRedirect, page };
  } finally {
    await browser.close();
  }
}

async function timePath(
  browser: Browser,
  origin: string,
  cookieHeader: string,
  extra: Record<string, string>,
): Promise<PathTiming> {
  const context = await browser.newContext();
  await context.addCookies(
    cookieHeader.split('; ').map((pair) => {
      const [name = '', ...value] = pair.split('=');
      return { name, value: value.join('='), url: origin };
    }),
  );
  const times: number[] = [];
  let requests = 0;
  // One round first, untimed: a returning user's browser already holds the page's hashed files.
  for (let round = 0; round <= ROUNDS; round += 1) {
    const page = await context.newPage();
    let count = 0;
    const callback = new Promise<number>((resolve, reject) => {
      // A redirect's target is never routed, so the callback is seen as the browser requests it.
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === CALLBACK) resolve(performance.now());
        else count += 1;
      });
      setTimeout(() => reject(new Error(`no callback within 30 s (${page.url()})`)), 30_000).unref();
    });
    const started = performance.now();
    // What the app's callback page does next (it redeems the code and moves on) is not the wait measured.
    await page.goto(authorizeUrl(origin, extra), { waitUntil: 'commit' }).catch(() => undefined);
    const at = await callback;
    if (round > 0) {
      times.push(at - started);
      requests = count;
    }
    // Pages stay open: closing one mid-navigation (the app's callback moves on) can hang Chromium;
    // the browser closes them all at the end.
  }
  times.sort((a, b) => a - b);
  const pick = (quantile: number) =>
    Math.round(times[Math.min(times.length - 1, Math.floor(times.length * quantile))] ?? 0);
  return { medianMs: pick(0.5), p90Ms: pick(0.9), requestsBeforeCallback: requests };
}

function authorizeUrl(origin: string, extra: Record<string, string>) {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return `${origin}/oauth/authorize?${new URLSearchParams({
    response_type: 'code',
    client_id: 'demo-notes',
    redirect_uri: `${origin}${CALLBACK}`,
    state: randomBytes(8).toString('hex'),
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ui_options: 'hide_consent',
    ...extra,
  })}`;
}
