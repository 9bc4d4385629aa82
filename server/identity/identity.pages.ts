import { html } from 'hono/html';
import type { IdentityEntrance } from '../../api/contract/identity.ts';

// Every interpolation goes through hono/html, which escapes it; nothing is marked raw.

/** Fictional names: the reference server stands in for a company's identity provider, Google and Apple. */
export const PROVIDER_NAMES: Record<IdentityEntrance, string> = {
  sso: "your company's identity provider",
  google: 'Google',
  apple: 'Apple',
};

const layout = (title: string, body: unknown, outcome?: string) => html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title} · Reference identity provider</title>
    <link rel="stylesheet" href="/idp/idp.css" />
    ${outcome ? html`<script type="module" src="/idp/popup-done.js"></script>` : ''}
  </head>
  <body${outcome ? html` data-outcome="${outcome}"` : ''}>
    <main>${body}</main>
  </body>
</html>`;

export interface SignInPageView {
  entrance: IdentityEntrance;
  requestToken: string;
  email: string;
  error?: string | undefined;
}

export const signInPage = (view: SignInPageView) => {
  const provider = PROVIDER_NAMES[view.entrance];
  return layout(
    `Sign in with ${provider}`,
    html`<h1>Sign in with ${provider}</h1>
      <p class="note">
        This is Foyer's reference identity provider: it stands in for ${provider} so the whole flow runs
        on one machine. Sign in with the account's email and password.
      </p>
      ${view.error ? html`<p class="error" role="alert" id="idp-error">${view.error}</p>` : ''}
      <form method="post" action="/idp/sign-in" class="panel">
        <input type="hidden" name="request" value="${view.requestToken}" />
        <label for="idp-email">Email</label>
        <input id="idp-email" name="email" type="email" autocomplete="username" required value="${view.email}"
          ${view.error ? html`aria-describedby="idp-error"` : ''} />
        <label for="idp-password">Password</label>
        <input id="idp-password" name="password" type="password" autocomplete="current-password" required />
        <div class="actions">
          <button type="submit" name="action" value="signIn">Sign in</button>
          <button type="submit" name="action" value="cancel" formnovalidate class="secondary">Cancel</button>
        </div>
      </form>`,
  );
};

/** A request that cannot be continued: the user starts again from the app. */
export const expiredPage = (reason: string) =>
  layout(
    'Sign-in request not valid',
    html`<h1>This sign-in cannot continue</h1>
      <p class="error" role="alert">${reason}</p>
      <p>Close this page and start signing in again from the app.</p>`,
  );

/** The end of a popup flow: its script tells the page that opened it, then closes the window. */
export const popupDonePage = (outcome: 'signedIn' | 'cancelled') =>
  layout(
    outcome === 'signedIn' ? 'Signed in' : 'Sign-in cancelled',
    html`<h1>${outcome === 'signedIn' ? 'You are signed in' : 'Sign-in cancelled'}</h1>
      <p>You can close this window and go back to the app.</p>`,
    outcome,
  );
