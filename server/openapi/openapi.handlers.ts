import { Hono } from 'hono';
import { colourScheme } from '../http/colour-scheme.ts';
import { pageStylesheet } from '../http/page-stylesheet.ts';
import { type OpenApiDocument, openApiDocument } from './openapi.document.ts';
import { referencePage } from './reference.page.ts';

const stylesheet = pageStylesheet(new URL('./reference.css', import.meta.url));

/**
 * GET /api/openapi.json (the document of every /api call) and /api/reference (the same, as a page with
 * its own style sheet; no script, nothing from elsewhere). Built on first use, not at start: no start-up
 * cost for a server nobody reads the document of.
 */
export function openApiRoutes(publicOrigin: string) {
  let document: OpenApiDocument | undefined;
  let body: string | undefined;
  const built = () => {
    document ??= openApiDocument(publicOrigin);
    body ??= JSON.stringify(document);
    return { document, body };
  };
  return new Hono()
    .get('/openapi.json', (c) =>
      c.body(built().body, 200, { 'Content-Type': 'application/json; charset=utf-8' }),
    )
    .get('/reference', (c) => c.html(referencePage(built().document, colourScheme(c.req.query('theme')))))
    .get('/reference.css', (c) => c.body(stylesheet, 200, { 'Content-Type': 'text/css; charset=utf-8' }));
}
