/**
 * Splits each compiled catalogue (i18n/compiled/<locale>.json, from `formatjs compile-folder`) into
 * i18n/compiled/{first,rest,server}/<locale>.json by `partOf` (i18n/parts.ts), so Vite makes two chunks
 * per locale (the server part is the server's alone). Runs at build time: `node i18n/split-compiled.ts`.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type MessagePart, partOf } from './parts.ts';

const compiled = fileURLToPath(new URL('./compiled/', import.meta.url));
const parts: readonly MessagePart[] = ['first', 'rest', 'server'];
for (const part of parts) mkdirSync(join(compiled, part), { recursive: true });
for (const file of readdirSync(compiled).filter((name) => name.endsWith('.json'))) {
  const messages: Record<string, unknown> = JSON.parse(readFileSync(join(compiled, file), 'utf8'));
  for (const part of parts) {
    const own = Object.fromEntries(Object.entries(messages).filter(([id]) => partOf(id) === part));
    writeFileSync(join(compiled, part, file), JSON.stringify(own));
  }
  // The whole catalogue stays out of the build: only the parts are imported.
  rmSync(join(compiled, file));
}
