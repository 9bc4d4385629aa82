import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';

/** The encodings Foyer sends, in its order of preference, with the suffix of a built variant. */
export const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** The encodings an Accept-Encoding header allows, brotli first; q=0 refuses one, `*` allows the rest. */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const accepted = parseAccept(header ?? '');
  const quality = (name: string) =>
    accepted.find((entry) => entry.type.toLowerCase() === name)?.q ??
    accepted.find((entry) => entry.type === '*')?.q ??
    0;
  return ENCODINGS.filter((encoding) => quality(encoding.name) > 0);
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compresses with the encoding's strongest setting (build time) or a fast one (per request). */
export function compressWith(name: Encoding['name'], content: Uint8Array, strength: 'max' | 'fast') {
  if (name === 'gzip') return gzipAsync(content, { level: strength === 'max' ? 9 : 6 });
  const quality = strength === 'max' ? constants.BROTLI_MAX_QUALITY : 5;
  return brotli(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
}

/** Below this a compressed reply is barely smaller and costs more CPU than it saves on the wire. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses JSON replies and server-rendered pages (HTML, and their style sheets: the API reference is
 * ~460 KB of HTML) from COMPRESS_THRESHOLD_BYTES up with the best encoding the client accepts, with an
 * exact Content-Length. Static files are compressed at build time and never pass through here
 * compressed a second time (they already carry Content-Encoding).
 */
export const compressReplies: MiddlewareHandler = async (c, next) => {
  await next();
  const { res } = c;
  if (c.req.method === 'HEAD' || res.headers.has('Content-Encoding') || !res.body) return;
  if (!/^(?:application\/json|text\/html|text\/css)\b/i.test(res.headers.get('Content-Type') ?? '')) return;
  const vary = res.headers.get('Vary');
  const headers = new Headers(res.headers);
  if (!vary?.toLowerCase().includes('accept-encoding')) {
    headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  }
  const content = new Uint8Array(await res.arrayBuffer());
  const [encoding] = acceptedEncodings(c.req.header('Accept-Encoding'));
  let body = content;
  if (encoding && content.length >= COMPRESS_THRESHOLD_BYTES) {
    body = new Uint8Array(await compressWith(encoding.name, content, 'fast'));
    headers.set('Content-Encoding', encoding.name);
  }
  headers.set('Content-Length', String(body.length));
  c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
};
