import { html } from 'hono/html';
import { type ColourScheme, schemeAttribute, withScheme } from '../http/colour-scheme.ts';
import type { DemoApp } from './demo.apps.ts';
import type { DecodedAccessToken, DemoError } from './demo.client.ts';

// Every interpolation below goes through hono/html, which escapes it; nothing is marked raw.

/** How a demo page is framed: `scheme` is the visitor's theme=light or theme=dark (none: the browser's). */
export interface PageFrame {
  scheme?: ColourScheme | undefined;
  /** Added to the head (the room demo's refresh). */
  head?: unknown;
}

/** The page frame every demo shares. */
export const layout = (
  app: DemoApp,
  title: string,
  body: unknown,
  { scheme, head = '' }: PageFrame = {},
) => html`<!doctype html>
<html lang="en"${schemeAttribute(scheme)}>
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title} · ${app.name}</title>
    <link rel="stylesheet" href="${app.basePath}/demo.css" />
    ${head}
  </head>
  <body>
    <main>
      <header><a href="${withScheme(app.basePath, scheme)}" class="brand">${app.name}</a></header>
      ${body}
    </main>
  </body>
</html>`;

/** The link to the other demo app: signed in to one, the other opens without a password. */
const otherApp = (app: DemoApp, scheme: ColourScheme | undefined) =>
  app.other
    ? html`<p class="other-app"><a href="${withScheme(app.other.basePath, scheme)}" id="other-app" data-testid="other-app">Open ${app.other.name}</a>: one sign-in serves both apps, so it opens without asking for your password again.</p>`
    : '';

/** The link to the retired demo app, whose sign-in shows Foyer's retired-app notice. */
const retiredApp = (app: DemoApp, scheme: ColourScheme | undefined) =>
  app.retired
    ? html`<p class="other-app"><a href="${withScheme(app.retired.basePath, scheme)}" id="retired-app" data-testid="retired-app">Try a retired app</a>: ${app.retired.name} has been replaced by ${app.retired.replacementName}, and Foyer says so instead of signing you in.</p>`
    : '';

const signOutButton = (app: DemoApp) =>
  html`<form method="post" action="${app.basePath}/logout"><button type="submit" id="sign-out" data-testid="sign-out" class="secondary">Sign out</button></form>`;

/** The room demo (docs/room-activation.md): a display with no keyboard that signs in by a code. */
const roomDemo = (scheme: ColourScheme | undefined) =>
  html`<p class="other-app"><a href="${withScheme('/demo-room', scheme)}" id="room-demo" data-testid="room-demo">Try the meeting-room display</a>: it shows a code, you approve it here, and the room signs in (device authorization grant).</p>`;

/** Passed on to Foyer's sign-in (the SPA's theme start-up parameter); auto is the browser's, as Foyer's default. */
const schemeChoice = (scheme: ColourScheme | undefined) =>
  html`<label for="theme">Colour scheme</label>
        <select id="theme" name="theme">
          <option value="auto">The browser's</option>
          <option value="light"${scheme === 'light' ? ' selected' : ''}>Light</option>
          <option value="dark"${scheme === 'dark' ? ' selected' : ''}>Dark</option>
        </select>`;

export const homePage = (app: DemoApp, scheme: ColourScheme | undefined) =>
  layout(
    app,
    'Sign in',
    html`<h1>${app.heading}</h1>
      <p>${app.pitch}</p>
      <form method="get" action="${app.basePath}/login" class="panel">
        <label for="brand-id">Brand</label>
        <select id="brand-id" name="brand_id">
          <option value="1210">1210 (default, US)</option>
          <option value="7710">7710 (UK)</option>
        </select>
        ${schemeChoice(scheme)}
        <label class="check"><input type="checkbox" id="force-login" name="prompt" value="login" /> Always ask me to sign in (prompt=login)</label>
        <button type="submit" id="sign-in" data-testid="sign-in">Sign in</button>
      </form>
      ${otherApp(app, scheme)}
      ${retiredApp(app, scheme)}
      ${roomDemo(scheme)}`,
    { scheme },
  );

export const errorPage = (app: DemoApp, failure: DemoError, scheme: ColourScheme | undefined) =>
  layout(
    app,
    'Sign-in failed',
    html`<h1>Sign-in did not complete</h1>
      <section class="panel error" role="alert">
        <p>Error: <code id="oauth-error" data-testid="oauth-error">${failure.error}</code></p>
        <p id="oauth-error-description" data-testid="oauth-error-description">${failure.description}</p>
      </section>
      <p><a href="${withScheme(app.basePath, scheme)}" id="start-again">Start again</a></p>`,
    { scheme },
  );

/** Foyer told the app (Back-Channel Logout) that the sign-in ended elsewhere; the tokens are forgotten. */
export const signedOutElsewherePage = (app: DemoApp, scheme: ColourScheme | undefined) =>
  layout(
    app,
    'Signed out',
    html`<h1 id="signed-out-elsewhere" data-testid="signed-out-elsewhere">You were signed out elsewhere</h1>
      <p class="panel notice" role="status">Your sign-in ended in another app or browser (or an administrator ended it), so ${app.name} forgot its tokens.</p>
      <p><a href="${withScheme(app.basePath, scheme)}" id="start-again" data-testid="start-again">Sign in again</a></p>`,
    { scheme },
  );

/** After Foyer's end-session endpoint sent the browser back; `stateMatched` says it was our request. */
export const signedOutPage = (app: DemoApp, stateMatched: boolean, scheme: ColourScheme | undefined) =>
  layout(
    app,
    'Signed out',
    html`<h1 id="signed-out" data-testid="signed-out">You are signed out</h1>
      ${
        stateMatched
          ? html`<p class="panel notice" role="status">${app.name} forgot its tokens and Foyer ended your sign-in in this browser.</p>`
          : html`<section class="panel error" role="alert"><p id="state-mismatch" data-testid="state-mismatch">This sign-out was not started here (its state does not match), but you are signed out of ${app.name}.</p></section>`
      }
      <p><a href="${withScheme(app.basePath, scheme)}" id="start-again" data-testid="start-again">Sign in again</a></p>`,
    { scheme },
  );

export interface TokenView {
  decoded: DecodedAccessToken;
  /** OpenID Connect: the ID token (signature, nonce, iss, aud, exp checked by oauth4webapi) and UserInfo. */
  idToken?: { header: Record<string, unknown>; claims: Record<string, unknown> } | undefined;
  userInfo?: { reply: Record<string, unknown> } | { failure: DemoError } | undefined;
  refreshToken: string | undefined;
  expiresIn: number | undefined;
  scope: string | undefined;
  /** The outcome of the last Refresh or Revoke, if one was just pressed. */
  notice?: string | undefined;
  failure?: DemoError | undefined;
  scheme?: ColourScheme | undefined;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** The ID token beside the access token, and what UserInfo answered with that access token. */
const openIdSection = (view: TokenView) => {
  if (!view.idToken) return '';
  const userInfo = view.userInfo;
  return html`<h2>ID token</h2>
      <p>Signature, issuer, audience, expiry and nonce checked by oauth4webapi against the server's JWKS.</p>
      <h3>Header</h3>
      <pre id="id-token-header" data-testid="id-token-header">${json(view.idToken.header)}</pre>
      <h3>Claims</h3>
      <pre id="id-token-claims" data-testid="id-token-claims">${json(view.idToken.claims)}</pre>
      <h2>UserInfo</h2>
      ${
        userInfo && 'reply' in userInfo
          ? html`<pre id="userinfo" data-testid="userinfo">${json(userInfo.reply)}</pre>`
          : html`<p class="panel error" role="alert">UserInfo refused: <code id="userinfo-error" data-testid="userinfo-error">${userInfo?.failure.error ?? 'not asked'}</code> <span id="userinfo-error-description">${userInfo?.failure.description ?? ''}</span></p>`
      }`;
};

export const tokensPage = (app: DemoApp, view: TokenView) =>
  layout(
    app,
    'Signed in',
    html`<h1>Connected</h1>
      ${view.notice ? html`<p class="panel notice" id="action-result" data-testid="action-result" role="status">${view.notice}</p>` : ''}
      ${
        view.failure
          ? html`<section class="panel error" role="alert">
              <p>Error: <code id="oauth-error" data-testid="oauth-error">${view.failure.error}</code></p>
              <p id="oauth-error-description" data-testid="oauth-error-description">${view.failure.description}</p>
            </section>`
          : ''
      }
      <h2>Access token</h2>
      <p>
        Signature checked against the server's JWKS:
        <strong id="access-token-verified" data-testid="access-token-verified">${view.decoded.verified ? 'valid' : 'INVALID'}</strong>;
        expires in <span id="expires-in">${view.expiresIn ?? 'unknown'}</span> s; scope <code id="granted-scope">${view.scope ?? ''}</code>.
      </p>
      <h3>Header</h3>
      <pre id="access-token-header" data-testid="access-token-header">${json(view.decoded.header)}</pre>
      <h3>Claims</h3>
      <pre id="access-token-claims" data-testid="access-token-claims">${json(view.decoded.claims)}</pre>
      ${openIdSection(view)}
      <h2>Refresh token</h2>
      <pre id="refresh-token" data-testid="refresh-token">${view.refreshToken ?? '(none)'}</pre>
      <div class="actions">
        <form method="post" action="${app.basePath}/refresh"><button type="submit" id="refresh" data-testid="refresh">Refresh</button></form>
        <form method="post" action="${app.basePath}/revoke"><button type="submit" id="revoke" data-testid="revoke" class="secondary">Revoke</button></form>
        ${signOutButton(app)}
      </div>
      ${otherApp(app, view.scheme)}
      <p><a href="${withScheme(app.basePath, view.scheme)}">Start again</a></p>`,
    { scheme: view.scheme },
  );
