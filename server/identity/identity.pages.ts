import { html } from 'hono/html';
import type { IdentityEntrance } from '../../api/contract/identity.ts';
import { type ColourScheme, schemeAttribute } from '../http/colour-scheme.ts';

// Every interpolation goes through hono/html, which escapes it; nothing is marked raw.

/** Fictional names: the reference server stands in for a company's identity provider, Google and Apple. */
export const PROVIDER_NAMES: Record<IdentityEntrance, string> = {
  sso: "your company's identity provider",
  google: 'Google',
  apple: 'Apple',
};

/** `scheme`: the SPA's theme=light or theme=dark, carried in the request; none follows the browser. */
const layout = (
  title: string,
  body: unknown,
  scheme: ColourScheme | undefined,
  outcome?: PopupEnd,
) => html`<!doctype html>
<html lang="en"${schemeAttribute(scheme)}>
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title} · Reference identity provider</title>
    <link rel="stylesheet" href="/idp/idp.css" />
    ${outcome ? html`<script type="module" src="/idp/popup-done.js"></script>` : ''}
  </head>
  <body${outcome ? html` data-outcome="${outcome.outcome}"` : ''}${outcome?.returnTo ? html` data-return="${outcome.returnTo}"` : ''}>
    <main>${body}</main>
  </body>
</html>`;

export interface SignInPageView {
  entrance: IdentityEntrance;
  requestToken: string;
  email: string;
  error?: string | undefined;
  scheme?: ColourScheme | undefined;
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
        ${view.entrance === 'apple' ? appleEmailChoice : ''}
        ${view.entrance === 'sso' ? '' : html`<p class="note">Signing in shares your name and email with the app.</p>`}
        <div class="actions">
          <button type="submit" name="action" value="signIn">Sign in</button>
          ${
            view.entrance === 'sso'
              ? ''
              : html`<button type="submit" name="action" value="deny" formnovalidate class="secondary">Don't allow</button>`
          }
          <button type="submit" name="action" value="cancel" formnovalidate class="secondary">Cancel</button>
        </div>
      </form>`,
    view.scheme,
  );
};

/** Apple lets the person hide their email from the app; the app then gets a relay address (spec §8). */
const appleEmailChoice = html`<fieldset class="choice">
  <legend>What the app gets</legend>
  <label><input type="radio" name="appleEmail" value="share" checked /> Share my address</label>
  <label><input type="radio" name="appleEmail" value="hide" /> Hide my address</label>
</fieldset>`;

/** A request that cannot be continued: the user starts again from the app. */
export const expiredPage = (reason: string, scheme?: ColourScheme) =>
  layout(
    'Sign-in request not valid',
    html`<h1>This sign-in cannot continue</h1>
      <p class="error" role="alert">${reason}</p>
      <p>Close this page and start signing in again from the app.</p>`,
    scheme,
  );

/** How a popup flow ended; a failure names the SPA page the window that opened it goes to. */
export type PopupEnd =
  | { outcome: 'signedIn' | 'cancelled'; returnTo?: undefined }
  | { outcome: 'failed'; returnTo: string };

/**
 * The end of a popup flow: its script tells the page that opened it, then closes the window. A failure
 * sends that page to the SPA's notice or error page instead (same origin; docs/notices.md "SSO notices").
 */
export const popupDonePage = (end: PopupEnd, scheme?: ColourScheme) =>
  layout(
    end.outcome === 'signedIn'
      ? 'Signed in'
      : end.outcome === 'failed'
        ? 'Not signed in'
        : 'Sign-in cancelled',
    html`<h1>
        ${end.outcome === 'signedIn' ? 'You are signed in' : end.outcome === 'failed' ? 'You are not signed in' : 'Sign-in cancelled'}
      </h1>
      <p>You can close this window and go back to the app.</p>`,
    scheme,
    end,
  );
