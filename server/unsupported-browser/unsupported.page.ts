import { html } from 'hono/html';
import { textDirection } from '../../i18n/language-tag.ts';
import { type ColourScheme, schemeAttribute } from '../http/colour-scheme.ts';
import type { ServerText } from '../i18n/server-text.ts';

// Every interpolation goes through hono/html, which escapes it; nothing is marked raw. No script: the
// page is for browsers that cannot run the app's, and the CSP allows no inline style.

/** Spec §9's notice dates. */
const IE11_SUPPORT_ENDED = new Date('2021-08-17T00:00:00Z');
const IE11_EXTENDED_NOTICE_ENDED = new Date('2022-06-15T00:00:00Z');

const continueElsewhere = ({ t }: ServerText, address: string | undefined) =>
  address
    ? html`<h2>${t('unsupported.continueHeading')}</h2>
      <p>${t('unsupported.continueAt')}</p>
      <p class="address"><code dir="ltr" data-testid="sign-in-address">${address}</code></p>`
    : html`<h2>${t('unsupported.continueHeading')}</h2>
      <p>${t('unsupported.continueElsewhere')}</p>`;

/** The page in the visitor's language (server/i18n/request-locale.ts chose it). */
export const unsupportedBrowserPage = (
  text: ServerText,
  address: string | undefined,
  scheme?: ColourScheme | undefined,
) => {
  const { t } = text;
  return html`<!doctype html>
<html lang="${text.languageTag}" dir="${textDirection(text.localeId)}"${schemeAttribute(scheme)}>
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="referrer" content="no-referrer" />
    <title>${t('unsupported.title')}</title>
    <link rel="stylesheet" href="/unsupported-browser/notice.css" />
  </head>
  <body>
    <main>
      <h1>${t('unsupported.title')}</h1>
      <p>${t('unsupported.lead')}</p>
      <h2>${t('unsupported.browsersHeading')}</h2>
      <ul>
        <li>${t('unsupported.chromium')}</li>
        <li>${t('unsupported.firefox')}</li>
        <li>${t('unsupported.safari')}</li>
      </ul>
      <p>${t('unsupported.versions')}</p>
      <p>${t('unsupported.ie11', { supportEnded: IE11_SUPPORT_ENDED, noticeEnded: IE11_EXTENDED_NOTICE_ENDED })}</p>
      ${continueElsewhere(text, address)}
    </main>
  </body>
</html>`;
};
