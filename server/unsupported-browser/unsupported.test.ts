import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../http/security-headers.ts';
import { createTestServer, ORIGIN, type TestServer } from '../testing/harness.ts';
import { signInAddress } from './sign-in-address.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const notice = (from?: string) =>
  server.app.request(
    from === undefined ? '/unsupported-browser' : `/unsupported-browser?${new URLSearchParams({ from })}`,
  );

/** The shown address, unescaped as a browser would, or undefined when the page shows none. */
const shownAddress = (page: string) =>
  /data-testid="sign-in-address">([^<]*)</
    .exec(page)?.[1]
    ?.replace(
      /&quot;|&#39;|&lt;|&gt;|&amp;/g,
      (entity) => ({ '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>', '&amp;': '&' })[entity] ?? entity,
    );

describe('GET /unsupported-browser', () => {
  it('is a plain server-rendered page with the strict CSP: no script, no inline style', async () => {
    const response = await notice();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    const page = await response.text();
    expect(page).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
    expect(page).toContain('<html lang="en-US" dir="ltr">');
    expect(page).toContain('<h1>This browser cannot open the sign-in page</h1>');
    expect(page).toContain('JavaScript modules');
    expect(page).toMatch(/Chromium-based browsers[\s\S]*Firefox[\s\S]*Safari/);
    expect(page).toContain('Internet Explorer 11 is not supported');
    expect(page).toContain('August 17, 2021');
    expect(page).toContain('June 15, 2022');
    // Nothing to carry on with: no address, the general advice instead.
    expect(shownAddress(page)).toBeUndefined();
    expect(page).toContain('Open the app or the link that brought you here again');
  });

  it('serves its style sheet, the only thing the page loads', async () => {
    const page = await (await notice()).text();
    expect([...page.matchAll(/(?:href|src)="([^"]+)"/g)].map((match) => match[1])).toEqual([
      '/unsupported-browser/notice.css',
    ]);
    const css = await server.app.request('/unsupported-browser/notice.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).toBe(readFileSync(new URL('./notice.css', import.meta.url), 'utf8'));
  });

  it('shows the full sign-in address to copy, query and hash route kept', async () => {
    const from = '/?clientId=demo-app&brandId=1210&state=a%20b#/createPassword/tok-123';
    const page = await (await notice(from)).text();
    expect(shownAddress(page)).toBe(`${ORIGIN}${from}`);
  });

  it('escapes what it shows', async () => {
    // URL parsing percent-encodes < > and " in the query; & and ' (kept in the hash) reach the page.
    const from = `/?state="><script>alert(1)</script>&x=<b>#/a'b&c"<i>`;
    const page = await (await notice(from)).text();
    expect(page).not.toMatch(/<script|<b>|<i>/);
    expect(page).toContain('&amp;x=');
    expect(page).toContain('#/a&#39;b&amp;c');
    expect(shownAddress(page)).toBe(new URL(from, ORIGIN).href);
  });

  it.each([
    ['an absolute URL to another site', 'https://evil.example/phish'],
    ['an absolute URL to this very server', `${ORIGIN}/`],
    ['a scheme-relative address', '//evil.example/'],
    ['a backslash that browsers read as a slash', '/\\evil.example/'],
    ['a tab the URL parser would drop', '/\t/evil.example/'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path without a slash', 'oauth/authorize'],
    ['an empty value', ''],
    ['an address longer than any sign-in address', `/?state=${'a'.repeat(5000)}`],
  ])('ignores %s: the page, without an address', async (_, from) => {
    const response = await notice(from);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(shownAddress(page)).toBeUndefined();
    expect(page).not.toContain('evil.example');
  });

  it('takes the first of repeated from parameters, like every query here', async () => {
    const response = await server.app.request(
      '/unsupported-browser?from=%2Fa&from=https%3A%2F%2Fevil.example',
    );
    expect(shownAddress(await response.text())).toBe(`${ORIGIN}/a`);
  });
});

describe('signInAddress', () => {
  it('resolves a path on this server against its public origin', () => {
    expect(signInAddress('/oauth/authorize?client_id=x', 'https://login.example.com')).toBe(
      'https://login.example.com/oauth/authorize?client_id=x',
    );
    expect(signInAddress('/', 'https://login.example.com/')).toBe('https://login.example.com/');
  });

  it.each([undefined, 42, ['/'], '/\u0000', '/\u007f', '\\\\evil.example', '/\\/evil.example'])(
    'refuses %o',
    (from) => expect(signInAddress(from, 'https://login.example.com')).toBeUndefined(),
  );
});
