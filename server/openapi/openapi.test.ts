import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { errorReplySchema } from '../../api/contract/envelope.ts';
import { errorCodesOf, type Operation, operations } from '../../api/contract/operations.ts';
import { DEMO_CLIENT_ID } from '../db/seed-data.ts';
import { CONTENT_SECURITY_POLICY } from '../http/security-headers.ts';
import { ADA, createTestServer, getJson, postJson, signIn, type TestServer } from '../testing/harness.ts';
import { openApiDocument } from './openapi.document.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 60_000);
afterAll(() => server.close());

const keyOf = (route: { method: string; path: string }) => `${route.method.toUpperCase()} ${route.path}`;
/** The routes that serve the description itself, not calls of spec §7. */
const DESCRIPTION_ROUTES = ['GET /api/openapi.json', 'GET /api/reference', 'GET /api/reference.css'];

function documentedKeys(): string[] {
  return Object.entries(openApiDocument().paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => keyOf({ method, path })),
  );
}

/** What a documented answer is: the 200 reply, the 302 of a navigation, or a 4xx/5xx envelope with a listed code. */
async function expectDocumented(operation: Operation, response: Response) {
  const label = `${keyOf(operation)} → ${response.status}`;
  if (operation.reply === 'redirect') {
    if (response.status === 302) expect(response.headers.get('location'), label).toBeTruthy();
    else {
      expect(response.status, label).toBeGreaterThanOrEqual(400);
      expect(response.status, label).toBeLessThan(500);
      expect(response.headers.get('content-type'), label).toMatch(/^text\/html/);
    }
    return;
  }
  const body: unknown = await response.json();
  if (response.status === 200) {
    const parsed = operation.reply.safeParse(body);
    expect(parsed.success ? [] : parsed.error.issues, label).toEqual([]);
    return;
  }
  expect(response.status, label).toBeGreaterThanOrEqual(400);
  const parsed = (operation.errorReply ?? errorReplySchema).safeParse(body);
  expect(parsed.success ? [] : parsed.error.issues, label).toEqual([]);
  const code = (body as z.infer<typeof errorReplySchema>).status.code;
  expect(errorCodesOf(operation), `${label}: backend code ${code} is not documented`).toContain(code);
}

const send = (operation: Operation, input: Record<string, string>, withCookie?: string) =>
  operation.method === 'GET'
    ? getJson(server.app, operation.path, input, withCookie)
    : postJson(server.app, operation.path, input, withCookie);

describe('the OpenAPI document', () => {
  it('describes every /api route the server registers, and no route it does not', () => {
    const registered = server.app.routes
      .filter((route) => route.path.startsWith('/api/') && route.method !== 'ALL')
      .map(keyOf)
      .filter((key) => !DESCRIPTION_ROUTES.includes(key));
    const documented = documentedKeys();
    expect(
      registered.filter((key) => !documented.includes(key)),
      'routes not in the document',
    ).toEqual([]);
    expect(
      documented.filter((key) => !registered.includes(key)),
      'documented but not registered',
    ).toEqual([]);
    expect(new Set(registered).size).toBe(operations.length);
  });

  it('is served at /api/openapi.json as OpenAPI 3.1, with the server it came from', async () => {
    const response = await server.app.request('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const served = await response.json();
    expect(served.openapi).toMatch(/^3\.1\./);
    expect(served.servers).toEqual([{ url: 'http://localhost:8080' }]);
    expect(served.paths).toEqual(JSON.parse(JSON.stringify(openApiDocument().paths)));
    const login = served.paths['/api/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual([
      'clientId',
      'username',
      'password',
    ]);
    expect(
      login.responses['4XX'].content['application/json'].schema.properties.status.properties.code.enum,
    ).toContain(108);
  });
});

describe('every documented call answers as documented', () => {
  it.each(operations.map((operation) => [keyOf(operation), operation] as const))(
    '%s, with an empty request and with a signed-in one',
    async (_, operation) => {
      // No clientId: a 400 (the redirects go back to the page with the problem named).
      const empty = await (operation.method === 'GET'
        ? server.app.request(operation.path)
        : server.app.request(operation.path, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          }));
      if (operation.reply !== 'redirect') expect(empty.status).toBe(400);
      await expectDocumented(operation, empty);
      // Signed in afresh: an earlier call (the sign-out) may have ended the last session.
      const signedIn = await signIn(server.app);
      await expectDocumented(operation, await send(operation, { clientId: DEMO_CLIENT_ID }, signedIn));
    },
  );

  it('answers the sign-in calls with their replies when the request is right', async () => {
    const byKey = new Map(operations.map((operation) => [keyOf(operation), operation]));
    const call = async (key: string, input: Record<string, string | boolean>, withCookie?: string) => {
      const operation = byKey.get(key) as Operation;
      const response = await (operation.method === 'GET'
        ? getJson(server.app, operation.path, input as Record<string, string>, withCookie)
        : postJson(server.app, operation.path, input, withCookie));
      expect(response.status, key).toBe(200);
      await expectDocumented(operation, response);
    };
    await call('GET /api/config/parameters', { clientId: DEMO_CLIENT_ID });
    await call('GET /api/config/locales', { clientId: DEMO_CLIENT_ID });
    await call('POST /api/login-info', { username: ADA.email });
    await call('POST /api/login', { username: ADA.email, password: ADA.password });
    const cookie = await signIn(server.app);
    await call('GET /api/sessions', { clientId: DEMO_CLIENT_ID }, cookie);
    await call('GET /api/session-data', { clientId: DEMO_CLIENT_ID }, cookie);
  });
});

describe('the reference page', () => {
  it('lists every operation, escaped, under the strict CSP, with nothing from elsewhere', async () => {
    const response = await server.app.request('/api/reference?theme=dark');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    const page = await response.text();
    expect(page).toContain('<html lang="en" data-scheme="dark">');
    for (const operation of operations) expect(page).toContain(`<code>${operation.path}</code>`);
    expect(page).not.toMatch(/<script|<style|style="|https?:\/\/(?!localhost)/);
    // The schemas' JSON went through the escaper: its quotes are entities, never raw markup.
    expect(page).toContain('&quot;type&quot;: &quot;object&quot;');
    const css = await server.app.request('/api/reference.css');
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
  });
});
