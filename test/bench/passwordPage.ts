// Credential → password page (issue 36): a new visitor on the credential page types a known email and
// presses Next; timed from the press to the password field showing, in Chromium against the bench
// server (loopback). The email is typed as soon as the field shows, so the idle prefetch has not
// necessarily fetched the password page's chunk: what moving code out of the first screen costs the
// next page is in this number. Run alone: `node test/bench/passwordPage.ts <origin>` (a running
// server with the demo seed), or as part of `npm run bench`.
import { type Browser, chromium } from 'playwright-core';
import { chromiumArgs } from '../browser/harness.ts';

const ROUNDS = Number(process.env.PASSWORD_PAGE_ROUNDS ?? 15);

export interface PasswordPageTiming {
  medianMs: number;
  p90Ms: number;
  rounds: number;
}

export async function measurePasswordPage(origin: string): Promise<PasswordPageTiming> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    return await timeRounds(browser, origin);
  } finally {
    await browser.close();
  }
}

async function timeRounds(browser: Browser, origin: string): Promise<PasswordPageTiming> {
  // One context: after the first, untimed round the files come from the browser's cache, as for a
  // visitor who has been here before; each round is a new page, so nothing is loaded in memory yet.
  const context = await browser.newContext();
  const times: number[] = [];
  for (let round = 0; round <= ROUNDS; round += 1) {
    const page = await context.newPage();
    await page.goto(`${origin}/oauth/authorize?${authorizeQuery(origin)}`);
    const field = page.getByLabel('Email or phone number');
    await field.fill('ada@example.com', { timeout: 30_000 });
    const next = page.getByRole('button', { name: 'Next' });
    const started = performance.now();
    await next.click();
    await page.getByLabel('Password', { exact: true }).waitFor({ state: 'visible', timeout: 30_000 });
    if (round > 0) times.push(performance.now() - started);
    await page.close();
  }
  times.sort((a, b) => a - b);
  const pick = (quantile: number) =>
    Math.round(times[Math.min(times.length - 1, Math.floor(times.length * quantile))] ?? 0);
  return { medianMs: pick(0.5), p90Ms: pick(0.9), rounds: times.length };
}

/** The demo app's authorisation request (default brand 1210, en_US): the credential page first. */
const authorizeQuery = (origin: string) =>
  new URLSearchParams({
    response_type: 'code',
    client_id: 'demo-app',
    redirect_uri: `${origin}/demo-app/callback`,
    state: 'bench',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    ui_locales: 'en-US',
  }).toString();

if (import.meta.main) {
  const origin = process.argv[2];
  if (!origin) throw new Error('usage: node test/bench/passwordPage.ts <origin>');
  console.log(JSON.stringify(await measurePasswordPage(origin)));
}
