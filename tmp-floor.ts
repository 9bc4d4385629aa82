import { gzipSync } from 'node:zlib';
import { build } from 'vite';
const root = process.cwd() + '/';
async function size(extra: object, label: string) {
  const output: any = await build({ configFile: `${root}vite.config.ts`, root: `${root}test/bench/floor`, logLevel: 'silent',
    build: { write: false, sourcemap: false, outDir: 'unused', ...extra } });
  const outs = (Array.isArray(output) ? output : [output]).flatMap((r: any) => r.output).filter((f: any) => /\.(js|css)$/.test(f.fileName));
  const total = outs.reduce((s: number, f: any) => s + gzipSync(f.type === 'chunk' ? f.code : f.source, { level: 9 }).length, 0);
  console.log(label, total);
}
await size({}, 'default');
await size({ modulePreload: { polyfill: false } }, 'no preload polyfill');
await size({ minify: 'esbuild' }, 'esbuild minify');
await size({ target: 'es2023', modulePreload: { polyfill: false } }, 'es2023');
