// node server/build-server.ts [outDir]: the server bundled into a few ES modules, by default in dist/.server,
// which `npm start` runs. Node then loads ~20 files at start instead of ~550 (docs/benchmarks.md);
// `node server/main.ts` still runs the sources (development, tests).
import { readFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, parseAst } from 'vite';

/** Inside the SPA's build, as a dot-folder: the static routes never serve it. */
export const SERVER_BUILD_DIR = '.server';
export const SERVER_ENTRY = 'main.mjs';

/**
 * Loaded by Node at run time from node_modules: PGlite finds its WASM and data files beside its own modules,
 * argon2 is a native addon, and the postgres driver is only loaded when DATABASE_URL is set. zipcodes is
 * read only when the ZIP table the build writes is missing (server/emergency/address/zip-gazetteer.ts):
 * bundled, it would be a 7 MB chunk nothing loads.
 */
export const EXTERNAL_PACKAGES = ['@electric-sql/pglite', '@node-rs/argon2', 'postgres', 'zipcodes'];

const root = fileURLToPath(new URL('..', import.meta.url));

/** What `npm start` runs. Always under the project's dist, whatever DIST_DIR the server is given. */
export const DEFAULT_SERVER_BUILD = join(root, 'dist', SERVER_BUILD_DIR);

/**
 * The Node flags `npm start` runs the bundle with (V8's heap sizes, docs/benchmarks.md "The server's
 * heap"), read from package.json's start script, the one place they are written: the bench and the
 * bundle's test run the server as `npm start` does.
 */
export function startNodeFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const command = /&& node (.+)$/.exec(scripts?.start ?? '')?.[1]?.split(' ') ?? [];
  const entry = `dist/${SERVER_BUILD_DIR}/${SERVER_ENTRY}`;
  if (command.at(-1) !== entry)
    throw new Error(`package.json's start script must end in "&& node [flags] ${entry}": ${scripts?.start}`);
  return command.slice(0, -1);
}

/**
 * The bundle must sit below a folder that holds node_modules (dist/.server does), where Node finds the
 * external packages, and the source tree must stay where it was: the bundle reads files from it.
 */
export async function buildServer(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    plugins: [moduleUrlsKept(outDir)],
    ssr: { noExternal: true, external: EXTERNAL_PACKAGES, target: 'node' },
    build: {
      ssr: 'server/main.ts',
      outDir,
      emptyOutDir: true,
      target: 'node24',
      // Readable stack traces in the server's error log matter more than the few KB.
      minify: false,
      reportCompressedSize: false,
      rolldownOptions: {
        // Every chunk in one folder: moduleUrlsKept computes its paths from that folder.
        output: { entryFileNames: SERVER_ENTRY, chunkFileNames: '[name]-[hash].mjs' },
      },
    },
  });
}

/**
 * Some modules read files beside them through import.meta.url (the migrations, the identity provider's and
 * demo app's style sheets and scripts). Bundled, that URL would name the chunk; each use is replaced by the
 * module's own URL, relative to the bundle's folder, so the bundle reads the very files the sources do.
 */
export function moduleUrlsKept(outDir: string): Plugin {
  return {
    name: 'foyer-module-urls-kept',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      // Virtual modules (rolldown's runtime, whose createRequire needs the chunk's own URL) have no file.
      if (!code.includes('import.meta.url') || !isAbsolute(file)) return null;
      const target = relative(outDir, file).split(sep).join('/');
      return { code: replaceImportMetaUrl(code, `new URL(${JSON.stringify(target)}, import.meta.url).href`) };
    },
  };
}

/** Every `import.meta.url` expression in a module's code (not in its strings or comments) becomes `replacement`. */
export function replaceImportMetaUrl(code: string, replacement: string): string {
  const ranges: Array<[number, number]> = [];
  visit(parseAst(code), (node) => {
    if (isImportMetaUrl(node)) ranges.push([node.start, node.end]);
  });
  let result = code;
  for (const [start, end] of ranges.sort((a, b) => b[0] - a[0])) {
    result = result.slice(0, start) + replacement + result.slice(end);
  }
  return result;
}

interface SyntaxNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is SyntaxNode =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

function isImportMetaUrl(node: SyntaxNode): boolean {
  if (node.type !== 'MemberExpression' || node.computed) return false;
  const { object, property } = node as { object?: unknown; property?: unknown };
  return (
    isNode(object) &&
    object.type === 'MetaProperty' &&
    (object.meta as { name?: string }).name === 'import' &&
    isNode(property) &&
    property.name === 'url'
  );
}

function visit(node: unknown, onNode: (node: SyntaxNode) => void): void {
  if (Array.isArray(node)) {
    for (const child of node) visit(child, onNode);
    return;
  }
  if (!isNode(node)) return;
  onNode(node);
  for (const [key, child] of Object.entries(node)) {
    if (key !== 'type' && typeof child === 'object') visit(child, onNode);
  }
}

if (import.meta.main) {
  const outDir = resolve(process.argv[2] ?? DEFAULT_SERVER_BUILD);
  await buildServer(outDir);
  console.log(`Server bundle: ${join(outDir, SERVER_ENTRY)}`);
}
