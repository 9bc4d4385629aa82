// node test/bench/attribute.ts [chunk-name-prefix] [rows]: which source modules the built entry chunk
// (default `first-screen`) is made of, from its source map, after `npm run build`. For each module:
// its minified bytes and what gzip -9 of the chunk loses when that module's bytes are left out (the
// module's marginal cost on the wire; shared strings make the column add up to less than the chunk).
// A diagnostic for deciding what to move out of the first screen, not a measure the budget uses.
// ASSETS=<folder> reads another build's assets; FILES=1 splits packages by file; SHOW=<module name> prints that module's minified text instead (e.g. SHOW='(unmapped)').
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('../../', import.meta.url).pathname;
const assets = process.env.ASSETS ?? join(root, 'dist/assets');
const prefix = process.argv[2] ?? 'first-screen';
const rows = Number(process.argv[3] ?? 40);

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes one source-map segment (base64 VLQ) into its fields. */
function decodeSegment(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return fields;
}

/** Who owns each character of the generated code: a source index per character, -1 for none. */
function ownerPerChar(code: string, mappings: string): Int32Array {
  const owners = new Int32Array(code.length).fill(-1);
  const lines = code.split('\n');
  let lineStart = 0;
  let source = 0;
  mappings.split(';').forEach((line, index) => {
    let column = 0;
    const segments = line ? line.split(',').map(decodeSegment) : [];
    segments.forEach((fields, at) => {
      column += fields[0] ?? 0;
      if (fields.length < 4) return;
      source += fields[1] ?? 0;
      const end = at + 1 < segments.length ? column + (segments[at + 1]?.[0] ?? 0) : lines[index]?.length;
      owners.fill(source, lineStart + column, lineStart + (end ?? column));
    });
    lineStart += (lines[index]?.length ?? 0) + 1;
  });
  return owners;
}

/** node_modules paths collapse to their package; Foyer's own files keep their path. */
function moduleName(source: string): string {
  const path = relative(root, join(assets, source));
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)(.*)/.exec(path);
  if (!inPackage) return path;
  return process.env.FILES ? `npm:${inPackage[1]}${inPackage[2]}` : `npm:${inPackage[1]}`;
}

const file = readdirSync(assets).find((name) => name.startsWith(`${prefix}-`) && name.endsWith('.js'));
if (!file) throw new Error(`no ${prefix}-*.js in dist/assets: run npm run build first`);
const code = readFileSync(join(assets, file), 'utf8');
const map = JSON.parse(readFileSync(join(assets, `${file}.map`), 'utf8')) as {
  sources: string[];
  mappings: string;
};
const owners = ownerPerChar(code, map.mappings);
const names = map.sources.map(moduleName);
const gzip = (text: string) => gzipSync(text, { level: 9 }).length;
const total = gzip(code);

const byModule = new Map<string, number[]>();
owners.forEach((owner, at) => {
  const name = owner < 0 ? '(unmapped)' : (names[owner] ?? '?');
  const list = byModule.get(name) ?? [];
  list.push(at);
  byModule.set(name, list);
});

const show = process.env.SHOW;
if (show) {
  const text = (byModule.get(show) ?? []).map((at) => code[at]).join('');
  console.log(text);
  process.exit(0);
}

const results = [...byModule].map(([name, positions]) => {
  const drop = new Uint8Array(code.length);
  for (const at of positions) drop[at] = 1;
  let rest = '';
  for (let at = 0; at < code.length; at += 1) if (!drop[at]) rest += code[at];
  return { name, bytes: positions.length, gzipDelta: total - gzip(rest) };
});
results.sort((a, b) => b.gzipDelta - a.gzipDelta);

const sumOwn = (own: boolean) =>
  results.filter((r) => r.name.startsWith('npm:') !== own).reduce((sum, r) => sum + r.gzipDelta, 0);
console.log(`${file}: ${code.length} B, gzip -9 ${total} B`);
console.log(`Foyer modules (sum of deltas): ${sumOwn(true)} B; packages: ${sumOwn(false)} B`);
for (const { name, bytes, gzipDelta } of results.slice(0, rows)) {
  console.log(`${String(gzipDelta).padStart(7)} ${String(bytes).padStart(8)}  ${name}`);
}
