import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from './client.ts';
import { createEndpoints } from './endpoints.ts';
import { ApiError } from './errors.ts';
import { createSignInEndpoints } from './signInEndpoints.ts';

const base = 'http://api.test';
let seen: URL | undefined;
let seenBody: unknown;
const api = setupServer();
beforeAll(() => api.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  api.resetHandlers();
  seen = undefined;
});
afterAll(() => api.close());

const client = createApiClient({ baseUrl: base, clientId: 'demo-app' });
const endpoints = { ...createEndpoints(client), ...createSignInEndpoints(client) };
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as ApiError,
  );

describe('api client', () => {
  it('adds clientId to the query and the body and parses the reply', async () => {
    api.use(
      http.post(`${base}/api/login-info`, async ({ request }) => {
        seen = new URL(request.url);
        seenBody = await request.json();
        return HttpResponse.json({
          status: { success: true, code: 0 },
          data: { brandId: '1210', loginType: 'password' },
        });
      }),
    );
    await expect(endpoints.lookupLoginInfo({ username: 'ada@example.com' })).resolves.toEqual({
      brandId: '1210',
      loginType: 'password',
    });
    expect(seen?.searchParams.get('clientId')).toBe('demo-app');
    expect(seenBody).toEqual({ username: 'ada@example.com', clientId: 'demo-app' });
  });

  it('turns a failed status into API_ERROR_<code> with the backend message', async () => {
    api.use(
      http.post(`${base}/api/login`, () =>
        HttpResponse.json(
          { status: { success: false, code: 108, backendMessage: 'Login failed' } },
          { status: 401 },
        ),
      ),
    );
    const error = await rejection(endpoints.login({ username: 'a@b.co', password: 'x', rememberMe: false }));
    expect(error).toBeInstanceOf(ApiError);
    expect([error?.code, error?.backendMessage, error?.httpStatus]).toEqual([
      'API_ERROR_108',
      'Login failed',
      401,
    ]);
  });

  it("keeps a refusal's reply as it came, for a flow whose contract says more than the envelope", async () => {
    const body = {
      status: { success: false, code: 703, backendMessage: 'Validation errors occurred' },
      errorCode: 'EA-FIELDS',
      fieldErrors: [{ field: 'zip', rule: 'invalid' }],
    };
    api.use(http.post(`${base}/api/login`, () => HttpResponse.json(body, { status: 400 })));
    const error = await rejection(endpoints.login({ username: 'a@b.co', password: 'x', rememberMe: false }));
    expect([error?.code, error?.errorCode]).toEqual(['API_ERROR_703', 'EA-FIELDS']);
    expect(error?.reply).toEqual(body);
  });

  it('turns HTTP 429 into API_ERROR_429 with the ray id', async () => {
    api.use(
      http.get(
        `${base}/api/config/locales`,
        () => new HttpResponse('slow down', { status: 429, headers: { 'x-ray-id': 'ray-42' } }),
      ),
    );
    const error = await rejection(endpoints.getLocales({}));
    expect([error?.code, error?.rayId]).toEqual(['API_ERROR_429', 'ray-42']);
  });

  it("keeps a 429's Retry-After (seconds) as retryAfterSeconds, and nothing when it is absent or a date", async () => {
    const answers = ['90', undefined, 'Wed, 21 Oct 2026 07:28:00 GMT'];
    api.use(
      http.get(`${base}/api/config/locales`, () => {
        const retryAfter = answers.shift();
        const headers: Record<string, string> = { 'x-ray-id': 'ray-43' };
        if (retryAfter) headers['retry-after'] = retryAfter;
        return new HttpResponse('slow down', { status: 429, headers });
      }),
    );
    const seconds = await rejection(endpoints.getLocales({}));
    expect([seconds?.code, seconds?.rayId, seconds?.errorParameters]).toEqual([
      'API_ERROR_429',
      'ray-43',
      { retryAfterSeconds: '90' },
    ]);
    expect((await rejection(endpoints.getLocales({})))?.errorParameters).toEqual({});
    // A date passes through as said; the message then reads no wait from it (machines/errors.test.ts).
    expect(Number((await rejection(endpoints.getLocales({})))?.errorParameters.retryAfterSeconds)).toBeNaN();
  });

  it('a reply that breaks its schema is UI_ERROR_BAD_REPLY, success or failure', async () => {
    api.use(
      http.get(`${base}/api/config/locales`, () =>
        HttpResponse.json({ status: { success: true, code: 0 }, data: { localeCode: 1 } }),
      ),
      http.get(
        `${base}/api/config/parameters`,
        () => new HttpResponse('<html>proxy error</html>', { status: 502 }),
      ),
    );
    expect((await rejection(endpoints.getLocales({})))?.code).toBe('UI_ERROR_BAD_REPLY');
    expect((await rejection(endpoints.getParameters({})))?.code).toBe('UI_ERROR_BAD_REPLY');
  });

  it('a network failure is UI_ERROR_NETWORK', async () => {
    api.use(http.get(`${base}/api/detect-conn`, () => HttpResponse.error()));
    expect((await rejection(endpoints.detectConnection()))?.code).toBe('UI_ERROR_NETWORK');
  });

  it('sends a JSON body as plain bytes with the request, never as a stream', async () => {
    const sent: { url: string; body: unknown; method: string | undefined; type: string | null }[] = [];
    const recording = createSignInEndpoints(
      createApiClient({
        baseUrl: base,
        clientId: 'demo-app',
        fetch: async (input, init) => {
          sent.push({
            url: String(input),
            body: init?.body,
            method: init?.method,
            type: new Headers(init?.headers).get('content-type'),
          });
          return Response.json({
            status: { success: true, code: 0 },
            data: { brandId: '1210', loginType: 'password' },
          });
        },
      }),
    );
    await recording.lookupLoginInfo({ username: 'ada@example.com' });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe(`${base}/api/login-info?clientId=demo-app`);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.type).toBe('application/json');
    expect(sent[0]?.body).toBeInstanceOf(ArrayBuffer);
    expect(JSON.parse(new TextDecoder().decode(sent[0]?.body as ArrayBuffer))).toEqual({
      username: 'ada@example.com',
      clientId: 'demo-app',
    });
  });

  it("calls the API origin index.html names (foyer-api-origin), with the browser's credentials", async () => {
    const meta = document.createElement('meta');
    meta.name = 'foyer-api-origin';
    meta.content = 'https://api.platform.test';
    document.head.append(meta);
    let credentials: RequestCredentials | undefined;
    const spy: typeof fetch = (input, init) => {
      credentials = input instanceof Request ? input.credentials : init?.credentials;
      return globalThis.fetch(input, init);
    };
    try {
      api.use(
        http.get('https://api.platform.test/api/sessions', ({ request }) => {
          seen = new URL(request.url);
          return HttpResponse.json({ status: { success: true, code: 0 }, data: { accounts: [] } });
        }),
      );
      const own = createEndpoints(createApiClient({ clientId: 'demo-app', fetch: spy }));
      await expect(own.listSessions()).resolves.toEqual([]);
      expect(seen?.origin).toBe('https://api.platform.test');
      expect(credentials).toBe('include');
    } finally {
      meta.remove();
    }
  });
});
