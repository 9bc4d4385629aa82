import { availableParallelism } from 'node:os';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { precompress } from './server/static/precompress.ts';
import LongRunningFirst from './test/sequencer.ts';

const apiPort = process.env.PORT ?? '8080';
const apiTarget = `http://localhost:${apiPort}`;

const UNIT_TESTS = ['{api,machines,views,brand,i18n,test/unit,test/model}/**/*.test.{ts,tsx}'];
/** Unit tests that mock modules (vi.mock, vi.doMock) or read a module's state before anything loads. */
const MODULE_STATE_TESTS = [
  'brand/registry.test.ts',
  'machines/actors.test.ts',
  'machines/errors.test.ts',
  'machines/passkeySignIn.test.ts',
  'machines/passkeys/ceremonies.test.ts',
  // Opens the dialog before its lazy chunk has loaded; in a shared worker another file may have loaded it.
  'views/frame/PhishingDialog.test.tsx',
];

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin(), lazyStyleSheets(), withoutLibraryAdvice(), precompress()],
  resolve: {
    // Messages are compiled to ASTs ahead of time, so the ICU parser never ships to the browser.
    alias: [
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
      },
      // React 18 has useSyncExternalStore: the shim @xstate/react and wouter import for React 17 is
      // dead code that still ships. The selector variant without the shim is the same code on React's.
      { find: /^use-sync-external-store\/shim(?:\/index\.js)?$/, replacement: 'react' },
      {
        find: /^use-sync-external-store\/shim\/with-selector(?:\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/oauth': apiTarget,
      '/.well-known': apiTarget,
      '/demo-app': apiTarget,
      '/demo-notes': apiTarget,
      '/brand-assets': apiTarget,
      '/idp': apiTarget,
      '/mobile': apiTarget,
      '/fingerprint': apiTarget,
      '/dev': apiTarget,
      '/device': apiTarget,
      '/demo-room': apiTarget,
      '/retired-app': apiTarget,
      '/unsupported-browser': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
    // No modulepreload links for a lazy chunk's own imports: the entry would carry every chunk's list
    // of dependencies (and the polyfill) for a parallel fetch the idle prefetch (views/screens/
    // lazyScreens.ts) makes anyway. A lazy chunk's style sheet still loads through Vite's helper.
    modulePreload: false,
    // Logos stay files, not data URIs, so each brand's chunk carries only its tokens.
    assetsInlineLimit: 0,
    rolldownOptions: {
      // Building a zod schema has no side effects: a schema no chunk uses is dropped, not kept because
      // Rolldown cannot prove its constructor pure.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // Everything the first screen imports statically ships as one chunk (one request, one gzip
        // window); only the lazy screens, brands and message parts are chunks of their own.
        codeSplitting: {
          groups: [
            { name: 'first-screen', tags: ['$initial'] },
            // The account picker's flow and its page load together (issue 36): one chunk, not a shared
            // one and two re-exporting ones, 0.8 KB less for the whole app.
            {
              name: 'AccountPicker',
              test: /machines\/picker\/|views\/screens\/(?:AccountPickerScreen|AccountRow|pickerFlow|accountPicker\.css)/,
            },
          ],
        },
        // The entry names ~60 chunks by file name: 7 hash characters (42 bits, the shortest Rolldown
        // allows for up to 4,096 chunks) instead of 8 still tell every build's files apart.
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
      },
    },
  },
  test: {
    // Vitest leaves one core to itself by default; its main process mostly waits, so on a 2-core
    // machine that halves the suite's speed. Every core runs test files (docs/testing.md).
    maxWorkers: availableParallelism(),
    // expect.poll waits for its condition; its 1 s default deadline was a guess that failed on a busy
    // machine. 30 s, as Playwright's own waits.
    expect: { poll: { timeout: 30_000 } },
    sequence: { sequencer: LongRunningFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: UNIT_TESTS,
          exclude: MODULE_STATE_TESTS,
          setupFiles: ['test/setup/dom.ts'],
          // Files share the worker's modules (a fresh graph per file was most of the project's time);
          // the few that replace modules or read a module's first state get their own, below.
          isolate: false,
          // XState copies the context (41 fields for sign-in) with Object.assign on every assign. In a
          // worker this size V8 takes its keyed-store path for that copy and turns any object given
          // more than 12 properties that way into a slow dictionary, so every later copy was slow too:
          // a third of the model tests' time (test/model/signIn.model.test.ts 56 → 38 s). A limit
          // above the context's size keeps contexts fast objects; nothing else changes.
          execArgv: ['--fast-properties-soft-limit=64'],
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-isolated',
          environment: 'jsdom',
          include: MODULE_STATE_TESTS,
          setupFiles: ['test/setup/dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          // Each file builds its own app over its own database, so files need no fresh module graph:
          // the worker's imports are reused, which was a third of the project's time.
          isolate: false,
          include: ['server/**/*.test.ts', 'test/server/**/*.test.ts'],
          // Several processes over one database: PostgreSQL only (PGlite has one process).
          exclude: ['test/server/postgres/**'],
          setupFiles: ['test/setup/server.ts'],
          // A file's set-up opens a database and makes signing keys: the heavy work belongs in its
          // hooks, outside any test's timeout, and a hook must not fail on a machine 3× slower.
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // The server tests once more, on a real PostgreSQL server (docs/deployment.md).
          name: 'server-postgres',
          environment: 'node',
          isolate: false,
          include: ['server/**/*.test.ts', 'test/server/**/*.test.ts'],
          globalSetup: ['test/server/postgres.setup.ts'],
          setupFiles: ['test/setup/server.ts'],
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Every endpoint driven with bodies generated from its own contract (test/fuzz/README.md).
          name: 'fuzz',
          environment: 'node',
          include: ['test/fuzz/**/*.test.ts'],
          setupFiles: ['test/setup/server.ts'],
          // Its hooks start a server (a database, signing keys), as the server projects' do: 10 s was
          // not enough beside a CPU-bound process.
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          environment: 'node',
          include: ['test/browser/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file has its own server (in-memory database) and Chromium, so two files run side by
          // side on two cores: most of a browser test is waiting on the other process. Files share the
          // worker's imports (Playwright, the server's modules), as the server project's do.
          isolate: false,
        },
      },
    ],
  },
});

/**
 * Every dynamic import goes through `views/lazyStyles.ts` instead of Vite's preload helper: with
 * `build.modulePreload` off, all the helper does here is link a lazy chunk's style sheets first.
 */
function lazyStyleSheets(): Plugin {
  const helper = new URL('./views/lazyStyles.ts', import.meta.url).pathname;
  return {
    name: 'foyer-lazy-style-sheets',
    apply: 'build',
    enforce: 'pre',
    configResolved({ base }) {
      // Vite calls its helper with the importer's URL only for a relative base; ours adds the base.
      if (!base.startsWith('/')) throw new Error(`views/lazyStyles.ts needs an absolute base, not ${base}`);
    },
    load: {
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler: () => `export { loadWithStyles as __vitePreload } from ${JSON.stringify(helper)};`,
    },
  };
}

/**
 * formatjs and XState word their errors for the developer as well: how to polyfill an Intl API, which
 * build plugin adds message ids, why to pre-compile messages, what usually causes an endless loop.
 * Those paragraphs ship in the first screen and help no one using the page (our messages are
 * pre-compiled and their ids typed); each error keeps its first sentence and its code. A removed
 * paragraph leaves its line breaks, so the source map's lines still hold.
 */
function withoutLibraryAdvice(): Plugin {
  const advice = [
    /\\nTry polyfilling it using \\"@formatjs\/[a-z-]+\\"/g,
    /\nTry polyfilling it using "@formatjs\/[a-z-]+"/g,
    / You can either:\n1\. Configure your build toolchain[\s\S]*?to autofix this issue/g,
    /\nPlease consider using "@formatjs\/cli"[\s\S]*?message-distribution/g,
    / See https:\/\/formatjs\.github\.io\/docs\/[\w/#.-]+ for more details/g,
    / This usually happens when there's a cycle of transitions \(e\.g\., [^)]*\)\./g,
  ];
  return {
    name: 'foyer-without-library-advice',
    apply: 'build',
    transform: {
      filter: {
        id: /node_modules\/(?:(?:@formatjs\/intl|intl-messageformat)\/index|xstate\/dist\/raise-\w+\.esm)\.js$/,
      },
      handler(code) {
        let kept = code;
        for (const paragraph of advice) kept = kept.replace(paragraph, (text) => text.replace(/[^\n]/g, ''));
        return kept === code ? null : { code: kept, map: null };
      },
    },
  };
}
