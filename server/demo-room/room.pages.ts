import { html } from 'hono/html';
import type { DemoError } from '../demo-app/demo.client.ts';
import { layout } from '../demo-app/demo.pages.ts';
import { type ColourScheme, withScheme } from '../http/colour-scheme.ts';
import { DEMO_ROOM_APP as app } from './room.app.ts';

// Every interpolation goes through hono/html, which escapes it; nothing is marked raw. The QR code is
// an SVG image in a data: URL (the CSP allows data: images), never markup in the page.

/** What the room shows, from its own point of view (it only knows what the token endpoint told it). */
export type RoomOutcome =
  | { kind: 'pending' }
  | { kind: 'signedIn'; name: string; claims: Record<string, unknown> }
  | { kind: 'denied' }
  | { kind: 'expired' }
  | { kind: 'failed'; failure: DemoError };

export interface RoomView {
  userCode: string;
  verificationUri: string;
  verificationUriComplete: string;
  /** data:image/svg+xml;base64,… of verification_uri_complete. */
  qrDataUrl: string;
  /** The interval the room keeps between polls now (seconds). */
  interval: number;
  /** Token requests made so far for this code. */
  polls: number;
  outcome: RoomOutcome;
  /** Seconds until the page reloads and polls again; pending only. */
  refreshIn?: number | undefined;
  /** The theme=light or theme=dark the room was started with. */
  scheme?: ColourScheme | undefined;
}

/** The scheme travels in the form's address, and the room's session keeps it from there. */
const startButton = (label: string, scheme: ColourScheme | undefined) =>
  html`<form method="post" action="${withScheme(`${app.basePath}/start`, scheme)}"><button type="submit" id="start" data-testid="start">${label}</button></form>`;

const pollCount = (polls: number) =>
  html`<p>Token requests so far: <strong id="polls" data-testid="polls">${polls} ${polls === 1 ? 'poll' : 'polls'}</strong>.</p>`;

export const roomHomePage = (scheme: ColourScheme | undefined) =>
  layout(
    app,
    'Start',
    html`<h1>${app.heading}</h1>
      <p>${app.pitch}</p>
      <div class="panel">${startButton('Start', scheme)}</div>
      <p class="other-app"><a href="${withScheme('/demo-app', scheme)}" id="other-app">Open the Demo Partner App</a>, which signs in in the browser instead.</p>`,
    { scheme },
  );

export const roomErrorPage = (failure: DemoError, scheme: ColourScheme | undefined) =>
  layout(
    app,
    'Could not start',
    html`<h1>The room could not start</h1>
      <section class="panel error" role="alert">
        <p>Error: <code id="oauth-error" data-testid="oauth-error">${failure.error}</code></p>
        <p id="oauth-error-description" data-testid="oauth-error-description">${failure.description}</p>
      </section>
      <div class="panel">${startButton('Start again', scheme)}</div>`,
    { scheme },
  );

function outcomePanel(view: RoomView) {
  const { outcome } = view;
  switch (outcome.kind) {
    case 'pending':
      return html`<section class="panel room" aria-labelledby="room-code-heading">
          <h2 id="room-code-heading">To sign this room in</h2>
          <ol>
            <li>Go to <a href="${view.verificationUriComplete}" id="verification-uri" data-testid="verification-uri">${view.verificationUri}</a> on your phone or computer, or scan the code.</li>
            <li>Enter <strong class="user-code" id="user-code" data-testid="user-code">${view.userCode}</strong></li>
            <li>Sign in and approve <em>${app.name}</em>.</li>
          </ol>
          <img class="qr" id="qr" src="${view.qrDataUrl}" alt="QR code of ${view.verificationUriComplete}" width="200" height="200" />
        </section>
        <p id="room-status" data-testid="room-status" role="status">Waiting for approval. The room checks again every ${view.interval} seconds.</p>`;
    case 'signedIn':
      return html`<section class="panel notice" role="status">
          <h2 id="room-status" data-testid="room-status">Signed in as <span id="signed-in-as" data-testid="signed-in-as">${outcome.name}</span></h2>
        </section>
        <h3>Access token claims</h3>
        <pre id="access-token-claims" data-testid="access-token-claims">${JSON.stringify(outcome.claims, null, 2)}</pre>`;
    case 'denied':
      return html`<section class="panel error" role="alert"><p id="room-status" data-testid="room-status">Access was denied: the person who entered the code did not approve this room.</p></section>`;
    case 'expired':
      return html`<section class="panel error" role="alert"><p id="room-status" data-testid="room-status">The code expired before anyone approved it.</p></section>`;
    case 'failed':
      return html`<section class="panel error" role="alert">
          <p id="room-status" data-testid="room-status">The room could not sign in.</p>
          <p>Error: <code id="oauth-error" data-testid="oauth-error">${outcome.failure.error}</code></p>
          <p id="oauth-error-description" data-testid="oauth-error-description">${outcome.failure.description}</p>
        </section>`;
  }
}

/** The room's screen. While pending, it reloads itself when the next poll is due (no script: the CSP allows none). */
export const roomPage = (view: RoomView) =>
  layout(
    app,
    view.outcome.kind === 'signedIn' ? 'Signed in' : 'Activate this room',
    html`<h1>${app.name}</h1>
      ${outcomePanel(view)}
      ${pollCount(view.polls)}
      ${view.outcome.kind === 'pending' ? '' : html`<div class="panel">${startButton('Start again', view.scheme)}</div>`}`,
    {
      scheme: view.scheme,
      head:
        view.refreshIn !== undefined
          ? html`<meta http-equiv="refresh" content="${view.refreshIn}" id="refresh" />`
          : '',
    },
  );
