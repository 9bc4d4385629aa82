import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { brandConfigFixture, localesFixture } from '../test/fixtures/api.ts';

const ok = (data: unknown) =>
  HttpResponse.json({ status: { success: true, code: 0, errorParameters: {} }, data });

const api = setupServer(
  http.get('*/api/config/parameters', ({ request }) =>
    ok(brandConfigFixture(new URL(request.url).searchParams.get('brandId') ?? '1210')),
  ),
  http.get('*/api/config/locales', () => ok(localesFixture)),
);

beforeAll(() => api.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  vi.doUnmock('../brand/brands/brand-2040.ts');
  vi.resetModules();
});
afterAll(() => api.close());

/** A fresh module graph per test, so the brand cache starts empty. */
const freshModules = async () => ({
  actors: await import('./actors.ts'),
  registry: await import('../brand/registry.ts'),
});

describe('brand loading in the start-up and brand actors', () => {
  it('loadStartup has the brand’s tokens cached when it resolves', async () => {
    const { actors, registry } = await freshModules();
    expect(registry.getBrand('7310').displayName).not.toBe('Cedarlume Meetings');
    const run = createActor(actors.loadStartup, { input: { search: '?clientId=demo&brandId=7310' } });
    run.start();
    const output = await toPromise(run);
    expect(output.brandConfig.brandId).toBe('7310');
    expect(registry.getBrand('7310').displayName).toBe('Cedarlume Meetings');
  });

  it('loadBrand has the brand’s tokens cached when it resolves', async () => {
    const { actors, registry } = await freshModules();
    const input = { clientId: 'demo', brandId: '7710', localeId: 'en_US' };
    const run = createActor(actors.loadBrand, { input });
    run.start();
    await toPromise(run);
    expect(registry.getBrand('7710').displayName).toBe('Brackenby Voice');
  });

  it('a failed brand chunk still resolves, with the default look under the brand’s id', async () => {
    vi.doMock('../brand/brands/brand-2040.ts', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { actors, registry } = await freshModules();
    const input = { clientId: 'demo', brandId: '2040', localeId: 'en_US' };
    const run = createActor(actors.loadBrand, { input });
    run.start();
    const output = await toPromise(run);
    expect(output.brandConfig.brandId).toBe('2040');
    expect(registry.getBrand('2040').brandId).toBe('2040');
    expect(registry.getBrand('2040').theme).toBe(registry.getBrand('1210').theme);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
