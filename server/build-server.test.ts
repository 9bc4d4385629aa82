import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAst } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildServer,
  EXTERNAL_PACKAGES,
  replaceImportMetaUrl,
  SERVER_ENTRY,
  startNodeFlags,
} from './build-server.ts';
import { imageIn } from './db/pglite.ts';
import { builtImageOption } from './testing/built-image.ts';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'foyer-server-build-'));
const outDir = join(work, 'server');
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The bundle's chunks, and what they import: parsing a megabyte of code is set-up, not a test's time. */
let chunks: string[] = [];
let specifiers: string[] = [];

beforeAll(async () => {
  // The bundle finds its external packages in node_modules above it, as dist/.server does in the project.
  symlinkSync(join(projectRoot, 'node_modules'), join(work, 'node_modules'));
  // The build's database image, as npm start has it (npm test builds before its tests): the server starts
  // from it, as in production. Without one it runs initdb, the migrations and the seed, which took most
  // of this test's time (56 s of its 60 in a run beside CPU-bound processes).
  const built = builtImageOption();
  if ('databaseImage' in built) symlinkSync(built.databaseImage, imageIn(work));
  await buildServer(outDir);
  chunks = readdirSync(outDir)
    .filter((file) => file.endsWith('.mjs'))
    .map((file) => readFileSync(join(outDir, file), 'utf8'));
  specifiers = chunks.flatMap(importedSpecifiers);
}, 60_000);

/** The modules a chunk imports, statically or dynamically (its top-level statements and import() calls). */
function importedSpecifiers(code: string): string[] {
  const { body } = parseAst(code);
  const statics = body.flatMap((statement) =>
    'source' in statement && statement.source && typeof statement.source.value === 'string'
      ? [statement.source.value]
      : [],
  );
  const dynamics = [...code.matchAll(/\bimport\("([^"]+)"\)/g)].map((match) => match[1] ?? '');
  return [...statics, ...dynamics];
}

describe('replaceImportMetaUrl', () => {
  it('replaces the expression only, not the words in strings and comments', () => {
    const code = [
      '// import.meta.url',
      "const file = new URL('./x.css', import.meta.url);",
      "const text = 'import.meta.url';",
      'const dir = import.meta.dirname;',
    ].join('\n');
    expect(replaceImportMetaUrl(code, 'HERE').split('\n')).toEqual([
      '// import.meta.url',
      "const file = new URL('./x.css', HERE);",
      "const text = 'import.meta.url';",
      'const dir = import.meta.dirname;',
    ]);
  });
});

describe('server bundle', () => {
  it('leaves to Node only its built-in modules and the external packages', () => {
    const bare = specifiers.filter((specifier) => !specifier.startsWith('./'));
    const allowed = (specifier: string) =>
      specifier.startsWith('node:') ||
      builtinModules.includes(specifier) ||
      EXTERNAL_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`));
    expect(bare.length).toBeGreaterThan(0);
    expect(bare.filter((specifier) => !allowed(specifier))).toEqual([]);
  });

  it('reads the files beside the source modules, which exist', () => {
    const targets = chunks.flatMap((code) =>
      [...code.matchAll(/new URL\("([^"]+)", import\.meta\.url\)/g)].map((match) => match[1] ?? ''),
    );
    // The migrations folder is found from client.ts.
    expect(targets).toContain(relative(outDir, join(projectRoot, 'server/db/client.ts')));
    for (const target of targets) expect(existsSync(join(outDir, target))).toBe(true);
  });

  it('starts with the Node flags of npm start, answers and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [...startNodeFlags(), join(outDir, SERVER_ENTRY)], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        // The in-memory database starts from the image linked into DIST_DIR (beforeAll), if there is one.
        DATA_DIR: 'memory',
        DIST_DIR: work,
        DATABASE_URL: '',
        PUBLIC_ORIGIN: '',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const origin = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const ready = /Foyer is ready at (\S+)/.exec(output);
        if (ready?.[1]) resolve(ready[1]);
      });
      exited.then((code) => reject(new Error(`server exited (${code}) before it was ready:\n${output}`)));
    });
    const parameters = await fetch(`${origin}/api/config/parameters?clientId=demo-app&brandId=1210`);
    expect(parameters.status).toBe(200);
    // One of the files the bundle reads from the source tree.
    const demoCss = await fetch(`${origin}/demo-app/demo.css`);
    expect(await demoCss.text()).toBe(readFileSync(join(projectRoot, 'server/demo-app/demo.css'), 'utf8'));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);
});
