import { html } from 'hono/html';

// Every interpolation goes through hono/html, which escapes it; nothing is marked raw. No script: the
// page is for browsers that cannot run the app's, and the CSP allows no inline style.

/** Spec §9's notice dates. */
const IE11_SUPPORT_ENDED = 'August 17, 2021';
const IE11_EXTENDED_NOTICE_ENDED = 'June 15, 2022';

const continueElsewhere = (address: string | undefined) =>
  address
    ? html`<h2>Carry on in another browser</h2>
      <p>Open this address in one of those browsers to carry on where you were:</p>
      <p class="address"><code data-testid="sign-in-address">${address}</code></p>`
    : html`<h2>Carry on in another browser</h2>
      <p>Open the app or the link that brought you here again in one of those browsers.</p>`;

export const unsupportedBrowserPage = (address: string | undefined) => html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="referrer" content="no-referrer" />
    <title>This browser cannot open the sign-in page</title>
    <link rel="stylesheet" href="/unsupported-browser/notice.css" />
  </head>
  <body>
    <main>
      <h1>This browser cannot open the sign-in page</h1>
      <p>
        This browser lacks features the sign-in page needs: JavaScript turned on, JavaScript modules, and the
        recent JavaScript and web features the page is built with (among them URL parsing and
        language-aware formatting).
      </p>
      <h2>Browsers that can sign in</h2>
      <ul>
        <li>Google Chrome, Microsoft Edge and other Chromium-based browsers</li>
        <li>Mozilla Firefox</li>
        <li>Apple Safari, on Mac, iPhone and iPad</li>
      </ul>
      <p>
        Any version released in the last two years works. If JavaScript is turned off in this browser, turning
        it on may be all it takes.
      </p>
      <p>
        Internet Explorer 11 is not supported: its support ended on ${IE11_SUPPORT_ENDED}, and the extended
        notice ended on ${IE11_EXTENDED_NOTICE_ENDED}.
      </p>
      ${continueElsewhere(address)}
    </main>
  </body>
</html>`;
