import { gzipSync } from 'node:zlib';
import { build } from 'vite';
const root = process.cwd() + '/';
const output: any = await build({ configFile: `${root}vite.config.ts`, root: `${root}test/bench/floor`, logLevel: 'silent',
  resolve: { alias: [{ find: /^ky$/, replacement: '/tmp/ky1/package/distribution/index.js' }] },
  build: { write: false, sourcemap: false, outDir: 'unused', modulePreload: { polyfill: false } } });
const outs = (Array.isArray(output) ? output : [output]).flatMap((r: any) => r.output).filter((f: any) => /\.(js|css)$/.test(f.fileName));
console.log('ky1', outs.reduce((s: number, f: any) => s + gzipSync(f.type === 'chunk' ? f.code : f.source, { level: 9 }).length, 0));
