import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from './client.ts';
import type { ApiError } from './errors.ts';
import { verifyUserCode } from './roomEndpoints.ts';

const base = 'http://api.test';
const api = setupServer();
beforeAll(() => api.listen({ onUnhandledFrame: 'error' }));
afterEach(() => api.resetHandlers());
afterAll(() => api.close());

const client = createApiClient({ baseUrl: base, clientId: 'foyer-web' });
const ok = (data: object) => HttpResponse.json({ status: { success: true, code: 0 }, data });

describe('POST /api/device/verify', () => {
  it('sends the code with the client id and answers the room app and its authorize URL', async () => {
    let body: unknown;
    api.use(
      http.post(`${base}/api/device/verify`, async ({ request }) => {
        body = await request.json();
        return ok({ appName: 'Meeting Room', authorizeUrl: '/oauth/authorize?client_id=demo-room' });
      }),
    );
    await expect(verifyUserCode(client, { userCode: 'BCDFGHJK' })).resolves.toEqual({
      appName: 'Meeting Room',
      authorizeUrl: '/oauth/authorize?client_id=demo-room',
    });
    expect(body).toEqual({ userCode: 'BCDFGHJK', clientId: 'foyer-web' });
  });

  it('refuses a reply whose authorize URL is not this server’s authorize path', async () => {
    api.use(
      http.post(`${base}/api/device/verify`, () =>
        ok({ appName: 'Meeting Room', authorizeUrl: 'https://evil.example/oauth/authorize?x=1' }),
      ),
    );
    const error = await verifyUserCode(client, { userCode: 'BCDFGHJK' }).catch((e: ApiError) => e);
    expect((error as ApiError).code).toBe('UI_ERROR_BAD_REPLY');
  });

  it('turns 740 into API_ERROR_740', async () => {
    api.use(
      http.post(`${base}/api/device/verify`, () =>
        HttpResponse.json(
          { status: { success: false, code: 740, errorParameters: {}, backendMessage: 'Invalid code' } },
          { status: 400 },
        ),
      ),
    );
    const error = await verifyUserCode(client, { userCode: 'BCDFGHJK' }).catch((e: ApiError) => e);
    expect((error as ApiError).code).toBe('API_ERROR_740');
  });
});
