import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { type ColourScheme, schemeAttribute } from '../http/colour-scheme.ts';
import type { OpenApiDocument } from './openapi.document.ts';

// Every interpolation goes through hono/html, which escapes it; nothing is marked raw. No script, and the
// CSP allows no inline style: the page is the document read aloud, styled by reference.css.

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  required: boolean;
  schema: Schema;
}
interface Response {
  description: string;
  content?: Record<string, { schema: Schema } | undefined>;
}
interface OperationEntry {
  operationId: string;
  summary: string;
  tags: string[];
  parameters: Parameter[];
  requestBody?: { content: { 'application/json': { schema: Schema } } };
  responses: Record<string, Response>;
}

/** A schema's type in a word: `string`, `"a" | "b"`, `object`, `array of object`. */
function typeOf(schema: Schema): string {
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Schema[]).map(typeOf).join(' | ');
  if (schema.type === 'array' && schema.items) return `array of ${typeOf(schema.items as Schema)}`;
  return typeof schema.type === 'string' ? schema.type : 'any';
}

const schemaBlock = (label: string, schema: Schema) =>
  html`<details>
        <summary>${label}</summary>
        <pre><code>${JSON.stringify(schema, null, 2)}</code></pre>
      </details>`;

function operationSection(method: string, path: string, entry: OperationEntry) {
  const body = entry.requestBody?.content['application/json'].schema;
  const responses = Object.entries(entry.responses);
  return html`<section class="operation" id="${entry.operationId}" aria-labelledby="${entry.operationId}-title">
      <h3 id="${entry.operationId}-title"><span class="method">${method.toUpperCase()}</span> <code>${path}</code></h3>
      <p>${entry.summary}</p>
      <table>
        <caption>Query parameters</caption>
        <thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Required</th></tr></thead>
        <tbody>
          ${entry.parameters.map(
            (parameter) =>
              html`<tr><td><code>${parameter.name}</code></td><td>${typeOf(parameter.schema)}</td><td>${parameter.required ? 'yes' : 'no'}</td></tr>`,
          )}
        </tbody>
      </table>
      ${body ? schemaBlock('JSON request body', body) : ''}
      <dl>
        ${responses.map(([status, response]) => {
          const schema = response.content?.['application/json']?.schema;
          const codes = ((schema?.properties as Schema | undefined)?.status as Schema | undefined)
            ?.properties as { code?: { enum?: number[] } } | undefined;
          return html`<dt>${status}</dt>
            <dd>
              <p>${response.description}</p>
              ${codes?.code?.enum ? html`<p>Backend codes: ${codes.code.enum.join(', ')}</p>` : ''}
              ${schema ? schemaBlock(`Reply schema (${status})`, schema) : ''}
            </dd>`;
        })}
      </dl>
    </section>`;
}

/** The reference page: every operation of the document, grouped by tag, in document order. */
export function referencePage(
  document: OpenApiDocument,
  scheme?: ColourScheme,
): HtmlEscapedString | Promise<HtmlEscapedString> {
  const entries = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, entry]) => ({ path, method, entry: entry as OperationEntry })),
  );
  const groups = document.tags.map((tag) => ({
    ...tag,
    entries: entries.filter(({ entry }) => entry.tags.includes(tag.name)),
  }));
  return html`<!doctype html>
<html lang="en"${schemeAttribute(scheme)}>
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="referrer" content="no-referrer" />
    <title>${document.info.title}: reference</title>
    <link rel="stylesheet" href="/api/reference.css" />
  </head>
  <body>
    <main>
      <h1>${document.info.title}</h1>
      <p>${document.info.description}</p>
      <p><a href="/api/openapi.json">The OpenAPI ${document.openapi} document</a> · ${entries.length} operations</p>
      <nav aria-label="Groups">
        <ul>${groups.map((group) => html`<li><a href="#${group.name}">${group.description}</a></li>`)}</ul>
      </nav>
      ${groups.map(
        (group) => html`<section aria-labelledby="${group.name}">
        <h2 id="${group.name}">${group.description}</h2>
        ${group.entries.map(({ path, method, entry }) => operationSection(method, path, entry))}
      </section>`,
      )}
    </main>
  </body>
</html>`;
}
