import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/**
 * Bytes the credential page needs (en_US): the entry script and style sheet from dist/index.html,
 * their modulepreloads, and the en_US message chunk the entry loads before the first paint.
 */
export function measureBundle(dist: string) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const referenced = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
    (match) => match[1] ?? '',
  );
  const assets = readdirSync(join(dist, 'assets')).filter((name) => /\.(js|css)$/.test(name));
  const messages = assets.filter((name) => /^en_US-.*\.js$/.test(name)).map((name) => `assets/${name}`);
  const firstScreen = [...new Set([...referenced, ...messages])];
  return {
    firstScreenGzipBytes: firstScreen.reduce((sum, file) => sum + gz(join(dist, file)), 0),
    firstScreenFiles: firstScreen,
    wholeAppGzipBytes: assets.reduce((sum, name) => sum + gz(join(dist, 'assets', name)), 0),
  };
}
