import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../static/precompress.ts';
import { staticRoutes } from '../static/static.handlers.ts';
import { createTestServer, type TestServer } from '../testing/harness.ts';
import { acceptedEncodings, COMPRESS_THRESHOLD_BYTES, compressReplies } from './compression.ts';

const decoders: Record<string, (bytes: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
};
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};\n`;
let dist: string;

/** Runs the build plugin the way Vite does after writing the bundle. */
async function runPrecompress(outDir: string) {
  const plugin = precompress() as unknown as {
    configResolved(config: { root: string; build: { outDir: string; write: boolean } }): void;
    closeBundle(): Promise<void>;
  };
  plugin.configResolved({ root: outDir, build: { outDir, write: true } });
  await plugin.closeBundle();
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'foyer-precompress-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), `<!doctype html><title>Foyer</title>${'<p>x</p>'.repeat(200)}`);
  writeFileSync(join(dist, 'assets', 'index-3f9a1c.js'), script);
  writeFileSync(join(dist, 'assets', 'tiny-1a2b3c.js'), '1');
  writeFileSync(join(dist, 'assets', 'logo-4d5e6f.png'), Buffer.from([137, 80, 78, 71, 1, 2, 3]));
  await runPrecompress(dist);
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('precompressed static files', () => {
  const routes = () => staticRoutes(dist);

  it('writes brotli and gzip beside text files only when smaller', () => {
    const brotli = readFileSync(join(dist, 'assets', 'index-3f9a1c.js.br'));
    expect(brotliDecompressSync(brotli).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(dist, 'assets', 'index-3f9a1c.js.gz'))).toString()).toBe(script);
    expect(() => readFileSync(join(dist, 'assets', 'tiny-1a2b3c.js.br'))).toThrow();
    expect(() => readFileSync(join(dist, 'assets', 'logo-4d5e6f.png.gz'))).toThrow();
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip', 'gzip'],
    ['*', 'br'],
    ['br;q=0, *', 'gzip'],
  ])('Accept-Encoding %s gets %s with its exact length', async (acceptEncoding, encoding) => {
    const response = await routes().request('/assets/index-3f9a1c.js', {
      headers: { 'Accept-Encoding': acceptEncoding },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe(encoding);
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
    expect(bytes.length).toBeLessThan(script.length);
    expect(decoders[encoding]?.(bytes).toString()).toBe(script);
  });

  it.each([undefined, 'identity', 'gzip;q=0, br;q=0', 'deflate'])(
    'Accept-Encoding %s gets the file as it is',
    async (acceptEncoding) => {
      const response = await routes().request('/assets/index-3f9a1c.js', {
        headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {},
      });
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(await response.text()).toBe(script);
      expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(script));
    },
  );

  it('compresses index.html too but has it revalidated every time', async () => {
    const response = await routes().request('/', { headers: { 'Accept-Encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString();
    expect(html).toContain('<title>Foyer</title>');
  });

  it('sends a file without a smaller variant, and binary files, as they are', async () => {
    const tiny = await routes().request('/assets/tiny-1a2b3c.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.text()).toBe('1');
    const png = await routes().request('/assets/logo-4d5e6f.png', { headers: { 'Accept-Encoding': 'br' } });
    expect(png.headers.get('content-encoding')).toBeNull();
    expect(png.headers.get('vary')).toBeNull();
  });
});

describe('acceptedEncodings', () => {
  it.each([
    ['', []],
    ['br', ['br']],
    ['GZIP', ['gzip']],
    ['gzip;q=0.5, br;q=0.1', ['br', 'gzip']],
    ['identity;q=1, *;q=0', []],
  ])('%s → %j', (header, names) => {
    expect(acceptedEncodings(header).map((encoding) => encoding.name)).toEqual(names);
  });
});

describe('compressed JSON replies', () => {
  const app = new Hono()
    .use(compressReplies)
    .get('/large', (c) => c.json({ items: Array.from({ length: 200 }, (_, id) => ({ id, name: `n${id}` })) }))
    .get('/small', (c) => c.json({ ok: true }))
    .get('/text', (c) => c.text('x'.repeat(5000)))
    .get('/page', (c) => c.html(`<!doctype html><p>${'page '.repeat(1000)}</p>`));

  it('compresses a reply above the threshold, exact length, Vary set', async () => {
    const plain = await (await app.request('/large')).text();
    expect(plain.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    for (const encoding of ['br', 'gzip']) {
      const response = await app.request('/large', { headers: { 'Accept-Encoding': encoding } });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
      expect(decoders[encoding]?.(bytes).toString()).toBe(plain);
    }
  });

  it('compresses a server-rendered page too (the API reference is ~460 KB of HTML)', async () => {
    const response = await app.request('/page', { headers: { 'Accept-Encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(decoders.br?.(bytes).toString()).toContain('page page');
  });

  it('leaves small replies, plain text and clients without an encoding alone', async () => {
    const small = await app.request('/small', { headers: { 'Accept-Encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    const text = await app.request('/text', { headers: { 'Accept-Encoding': 'br' } });
    expect(text.headers.get('content-encoding')).toBeNull();
    const identity = await app.request('/large');
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(identity.headers.get('vary')).toBe('Accept-Encoding');
  });

  describe('in the app', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await createTestServer({ distDir: dist });
    });
    afterAll(() => server.close());

    it("compresses the app's large replies (the country list with the E911 countries) and leaves small ones", async () => {
      const large = '/api/config/country?brandId=1210&clientId=demo-app';
      const plain = await (await server.app.request(large)).text();
      expect(plain.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
      const response = await server.app.request(large, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(response.headers.get('content-encoding')).toBe('gzip');
      expect(response.headers.get('cache-control')).toBe('no-store');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
      expect(gunzipSync(bytes).toString()).toBe(plain);

      const small = '/api/config/locales?brandId=7710&clientId=demo-app';
      const smallPlain = await (await server.app.request(small)).text();
      expect(smallPlain.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
      const smallReply = await server.app.request(small, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(smallReply.headers.get('content-encoding')).toBeNull();
      expect(Number(smallReply.headers.get('content-length'))).toBe(smallPlain.length);
    });
  });
});
