import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { precompress } from './server/static/precompress.ts';

const apiPort = process.env.PORT ?? '8080';
const apiTarget = `http://localhost:${apiPort}`;

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
        codeSplitting: { groups: [{ name: 'first-screen', tags: ['$initial'] }] },
        // The entry names ~60 chunks by file name: 7 hash characters (42 bits, the shortest Rolldown
        // allows for up to 4,096 chunks) instead of 8 still tell every build's files apart.
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['{api,machines,views,brand,i18n,test/unit,test/model}/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup/dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'test/server/**/*.test.ts'],
          // Several processes over one database: PostgreSQL only (PGlite has one process).
          exclude: ['test/server/postgres/**'],
        },
      },
      {
        extends: true,
        test: {
          // The server tests once more, on a real PostgreSQL server (docs/deployment.md).
          name: 'server-postgres',
          environment: 'node',
          include: ['server/**/*.test.ts', 'test/server/**/*.test.ts'],
          globalSetup: ['test/server/postgres.setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Every endpoint driven with bodies generated from its own contract (test/fuzz/README.md).
          name: 'fuzz',
          environment: 'node',
          include: ['test/fuzz/**/*.test.ts'],
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
          fileParallelism: false,
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
