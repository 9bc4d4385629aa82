import { enableCompileCache, flushCompileCache, registerHooks } from 'node:module';

const DRIZZLE = '/node_modules/drizzle-orm/';

/**
 * Two shortcuts for the ~550 modules the server loads at start from its sources, which otherwise take most
 * of its ready time. Only modules imported after this call benefit, so main.ts imports the server
 * dynamically. The bundle `npm start` runs (server/build-server.ts) loads ~20 files, drizzle-orm among its
 * own chunks, and keeps only the compile cache's share of the gain.
 *
 * - V8's compile cache (in the OS temp folder), so a restart skips parsing and type stripping.
 * - Node 24 re-parses a package's whole `exports` map each time it looks up the package scope of a .js
 *   file: drizzle-orm's map is 175 KB and the 112 of its files loaded at start cost ~450 ms that way. They
 *   are all ES modules ("type": "module", no nested package.json), so imports between them are resolved
 *   here without the lookup.
 */
export function speedUpModuleLoading(): void {
  enableCompileCache();
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL;
      if (parent?.includes(DRIZZLE) && parent.endsWith('.js') && isRelativeJs(specifier)) {
        return { url: new URL(specifier, parent).href, format: 'module', shortCircuit: true };
      }
      return nextResolve(specifier, context);
    },
  });
}

const isRelativeJs = (specifier: string) =>
  (specifier.startsWith('./') || specifier.startsWith('../')) && specifier.endsWith('.js');

/** Writes the compile cache now rather than at exit, which a killed server never reaches. */
export function saveCompileCache(): void {
  flushCompileCache();
}
