import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { Hono } from 'hono';
import { acceptedEncodings } from '../http/compression.ts';
import { PRECOMPRESSED_TYPES } from './precompress.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

const SPA_NOT_BUILT = 'SPA not built: run npm run build';

/**
 * Serves the built SPA from distDir. Vite puts content-hashed files under /assets/, which may be cached
 * forever; the site icon (public/favicon.ico, asked for by every page, the server's own included) for a
 * day; everything else (index.html above all) is revalidated on every use, so a new build is never
 * hidden behind a stale page. Text files go out as the brotli or gzip variant the build wrote beside
 * them (server/static/precompress.ts) when the browser accepts it. The SPA uses hash routes, so there
 * is no history fallback.
 */
export function staticRoutes(distDir: string) {
  const root = resolve(distDir);
  return new Hono().get('*', async (c) => {
    const path = c.req.path === '/' ? '/index.html' : c.req.path;
    const file = fileUnder(root, path);
    const content = file ? await readRegularFile(file) : undefined;
    if (!file || !content) {
      return path === '/index.html' ? c.text(SPA_NOT_BUILT, 503) : c.text('Not found', 404);
    }
    const headers: Record<string, string> = {
      'Content-Type': CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
      'Cache-Control': cacheControlOf(path),
    };
    if (!PRECOMPRESSED_TYPES.test(path)) return c.body(new Uint8Array(content), 200, headers);
    // A cache in between must keep one copy per encoding, whichever this reply carries.
    headers.Vary = 'Accept-Encoding';
    for (const encoding of acceptedEncodings(c.req.header('Accept-Encoding'))) {
      const variant = await readRegularFile(file + encoding.suffix);
      if (!variant) continue;
      headers['Content-Encoding'] = encoding.name;
      headers['Content-Length'] = String(variant.length);
      return c.body(new Uint8Array(variant), 200, headers);
    }
    headers['Content-Length'] = String(content.length);
    return c.body(new Uint8Array(content), 200, headers);
  });
}

function cacheControlOf(path: string): string {
  if (path.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  return path === '/favicon.ico' ? 'public, max-age=86400' : 'no-cache';
}

/** The file a URL path names inside root, or undefined for traversal, dotfiles or undecodable paths. */
function fileUnder(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const segments = decoded.split('/').filter((segment) => segment !== '');
  if (
    segments.some((segment) => segment.startsWith('.') || segment.includes('\\') || segment.includes('\0'))
  ) {
    return undefined;
  }
  const file = resolve(root, ...segments);
  return file.startsWith(root + sep) ? file : undefined;
}

async function readRegularFile(file: string): Promise<Buffer | undefined> {
  try {
    return (await stat(file)).isFile() ? await readFile(file) : undefined;
  } catch {
    return undefined;
  }
}
