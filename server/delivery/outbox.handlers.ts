import { Hono } from 'hono';
import { html } from 'hono/html';
import type { Database } from '../db/client.ts';
import { type ColourScheme, colourScheme, schemeAttribute } from '../http/colour-scheme.ts';
import { pageStylesheet } from '../http/page-stylesheet.ts';
import { noStore } from '../http/security-headers.ts';
import { listOutbox, type OutboxEntry } from './outbox.ts';

const stylesheet = pageStylesheet(new URL('./outbox.css', import.meta.url));
/** `?to=` is a full email or E.164 number; anything longer is no recipient. */
const MAX_RECIPIENT = 254;

// Every interpolation goes through hono/html, which escapes it; nothing is marked raw.
const entryView = (entry: OutboxEntry) => html`<li>
  <article data-channel="${entry.channel}">
    <dl>
      <dt>Channel</dt>
      <dd>${entry.channel}</dd>
      <dt>To</dt>
      <dd>${entry.to}</dd>
      <dt>Time</dt>
      <dd><time datetime="${entry.at}">${entry.at}</time></dd>
      ${entry.subject === null ? '' : html`<dt>Subject</dt><dd>${entry.subject}</dd>`}
    </dl>
    <pre>${entry.text}</pre>
  </article>
</li>`;

/** `scheme`: the page's own theme=light or theme=dark; without one it follows the browser. */
const outboxPage = (entries: OutboxEntry[], scheme: ColourScheme | undefined) => html`<!doctype html>
<html lang="en"${schemeAttribute(scheme)}>
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Outbox · Foyer development</title>
    <link rel="stylesheet" href="/dev/outbox.css" />
  </head>
  <body>
    <main>
      <h1>Outbox</h1>
      <p class="note">
        Messages the server kept instead of sending, because no SMTP server or SMS/voice provider is
        configured for their channel. Newest first; reload for new ones. The same list as JSON:
        <a href="/dev/outbox.json">/dev/outbox.json</a>.
      </p>
      ${entries.length === 0 ? html`<p>No messages yet.</p>` : html`<ol>${entries.map(entryView)}</ol>`}
    </main>
  </body>
</html>`;

/**
 * /dev/outbox (a page), /dev/outbox.json and the page's style sheet: mounted only while the outbox is
 * on (server/app.ts), so with it off every one of them is the plain 404. The messages hold live codes,
 * so no cache may keep them.
 */
export function outboxRoutes(db: Database) {
  const entries = async (to: string | undefined) => {
    if (to === undefined || to === '') return listOutbox(db);
    // PostgreSQL text cannot hold NUL, and no recipient is that long: such a filter matches nothing.
    if (to.length > MAX_RECIPIENT || to.includes('\u0000')) return [];
    return listOutbox(db, to);
  };
  return new Hono()
    .use('/outbox', noStore)
    .use('/outbox.json', noStore)
    .get('/outbox', async (c) =>
      c.html(outboxPage(await entries(c.req.query('to')), colourScheme(c.req.query('theme')))),
    )
    .get('/outbox.json', async (c) => c.json({ messages: await entries(c.req.query('to')) }))
    .get('/outbox.css', (c) => c.body(stylesheet, 200, { 'Content-Type': 'text/css; charset=utf-8' }));
}
