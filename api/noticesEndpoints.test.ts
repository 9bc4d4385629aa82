import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newerTerms, retiredOf } from '../test/fixtures/notices.ts';
import { createApiClient } from './client.ts';
import type { ApiError } from './errors.ts';
import { createNoticesEndpoints } from './noticesEndpoints.ts';

const base = 'http://api.test';
const api = setupServer();
beforeAll(() => api.listen({ onUnhandledFrame: 'error' }));
afterEach(() => api.resetHandlers());
afterAll(() => api.close());

const endpoints = createNoticesEndpoints(createApiClient({ baseUrl: base, clientId: 'demo-app' }));
const ok = (data: unknown) => HttpResponse.json({ status: { success: true, code: 0 }, data });
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as ApiError,
  );

describe('the notices endpoints', () => {
  it('GET /api/terms with the locale and session, parsed', async () => {
    let seen: URL | undefined;
    api.use(
      http.get(`${base}/api/terms`, ({ request }) => {
        seen = new URL(request.url);
        return ok(newerTerms);
      }),
    );
    await expect(endpoints.getTerms({ localeId: 'fr_CA', sessionId: 's1' })).resolves.toEqual(newerTerms);
    expect(Object.fromEntries(seen?.searchParams ?? [])).toEqual({
      localeId: 'fr_CA',
      sessionId: 's1',
      clientId: 'demo-app',
    });
  });

  it('POST /api/terms/accept with the version (and no sessionId when there is none)', async () => {
    let body: unknown;
    api.use(
      http.post(`${base}/api/terms/accept`, async ({ request }) => {
        body = await request.json();
        return ok({ version: '2026-03-01', acceptedAt: '2026-04-01T10:00:00Z' });
      }),
    );
    await expect(endpoints.acceptTerms({ version: '2026-03-01' })).resolves.toEqual({
      version: '2026-03-01',
      acceptedAt: '2026-04-01T10:00:00Z',
    });
    expect(body).toEqual({ version: '2026-03-01', clientId: 'demo-app' });
  });

  it('731 on accepting is API_ERROR_731', async () => {
    api.use(
      http.post(`${base}/api/terms/accept`, () =>
        HttpResponse.json(
          { status: { success: false, code: 731, backendMessage: 'changed' } },
          { status: 409 },
        ),
      ),
    );
    const error = await rejection(endpoints.acceptTerms({ version: '2026-01-15', sessionId: 's1' }));
    expect(error?.backendCode).toBe(731);
  });

  it('GET /api/config/retired-app, parsed; a reply without the app name is refused as a bad reply', async () => {
    api.use(http.get(`${base}/api/config/retired-app`, () => ok(retiredOf())));
    await expect(endpoints.getRetiredApp({ localeId: 'en_US' })).resolves.toEqual(retiredOf());
    api.use(http.get(`${base}/api/config/retired-app`, () => ok({ retired: true })));
    expect((await rejection(endpoints.getRetiredApp({})))?.code).toBe('UI_ERROR_BAD_REPLY');
  });
});
