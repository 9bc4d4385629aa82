import { html } from 'hono/html';
import type { DecodedAccessToken, DemoError } from './demo.client.ts';

// Every interpolation below goes through hono/html, which escapes it; nothing is marked raw.

const layout = (title: string, body: unknown) => html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title} · Demo Partner App</title>
    <link rel="stylesheet" href="/demo-app/demo.css" />
  </head>
  <body>
    <main>
      <header><a href="/demo-app" class="brand">Demo Partner App</a></header>
      ${body}
    </main>
  </body>
</html>`;

export const homePage = () =>
  layout(
    'Sign in',
    html`<h1>Connect your phone account</h1>
      <p>This partner app asks to read your account details and call history through OAuth 2.0 (authorisation code with PKCE).</p>
      <form method="get" action="/demo-app/login" class="panel">
        <label for="brand-id">Brand</label>
        <select id="brand-id" name="brand_id">
          <option value="1210">1210 (default, US)</option>
          <option value="7710">7710 (UK)</option>
        </select>
        <label class="check"><input type="checkbox" id="force-login" name="prompt" value="login" /> Always ask me to sign in (prompt=login)</label>
        <button type="submit" id="sign-in" data-testid="sign-in">Sign in</button>
      </form>`,
  );

export const errorPage = (failure: DemoError) =>
  layout(
    'Sign-in failed',
    html`<h1>Sign-in did not complete</h1>
      <section class="panel error" role="alert">
        <p>Error: <code id="oauth-error" data-testid="oauth-error">${failure.error}</code></p>
        <p id="oauth-error-description" data-testid="oauth-error-description">${failure.description}</p>
      </section>
      <p><a href="/demo-app" id="start-again">Start again</a></p>`,
  );

export interface TokenView {
  decoded: DecodedAccessToken;
  refreshToken: string | undefined;
  expiresIn: number | undefined;
  scope: string | undefined;
  /** The outcome of the last Refresh or Revoke, if one was just pressed. */
  notice?: string | undefined;
  failure?: DemoError | undefined;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

export const tokensPage = (view: TokenView) =>
  layout(
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
      <h2>Refresh token</h2>
      <pre id="refresh-token" data-testid="refresh-token">${view.refreshToken ?? '(none)'}</pre>
      <div class="actions">
        <form method="post" action="/demo-app/refresh"><button type="submit" id="refresh" data-testid="refresh">Refresh</button></form>
        <form method="post" action="/demo-app/revoke"><button type="submit" id="revoke" data-testid="revoke" class="secondary">Revoke</button></form>
      </div>
      <p><a href="/demo-app">Start again</a></p>`,
  );
