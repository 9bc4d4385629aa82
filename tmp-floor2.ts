import { gzipSync } from 'node:zlib';
import { readFileSync, writeFileSync } from 'node:fs';
import { build } from 'vite';
const root = process.cwd() + '/';
const base = readFileSync('test/bench/floor/entry.tsx', 'utf8');
async function size(entry: string, label: string) {
  writeFileSync('test/bench/floor/entry.tsx', entry);
  const output: any = await build({ configFile: `${root}vite.config.ts`, root: `${root}test/bench/floor`, logLevel: 'silent',
    build: { write: false, sourcemap: false, outDir: 'unused', modulePreload: { polyfill: false } } });
  const outs = (Array.isArray(output) ? output : [output]).flatMap((r: any) => r.output).filter((f: any) => /\.(js|css)$/.test(f.fileName));
  const total = outs.reduce((s: number, f: any) => s + gzipSync(f.type === 'chunk' ? f.code : f.source, { level: 9 }).length, 0);
  console.log(label, total);
}
try {
await size(base, 'all');
await size(base.replace("import ky from 'ky';", "const ky = { create: (_: object) => ({ get: (_p: string) => ({ json: () => fetch('/api/floor').then((r) => r.json()) }) }) };"), 'no ky');
await size(base.replace("import * as z from 'zod/mini';", "const z: any = {};").replace(/const reply = [^\n]+/, 'const reply = { safeParse: (b: unknown) => b };'), 'no zod');
} finally { writeFileSync('test/bench/floor/entry.tsx', base); }
