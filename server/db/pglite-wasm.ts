import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';

let baselineOnly = false;

/**
 * V8 tiers hot WASM functions up to TurboFan. For one of Postgres's largest functions that compile alone
 * takes ~800 ms and ~600 MB of malloc, just as the server becomes ready (RSS peaked at 760-820 MB), and
 * the optimised code kept ~60 MB more resident afterwards; queries were no faster, their time going to the
 * protocol and JS. The flags only apply to modules compiled afterwards, hence before the first PGlite.
 */
export function keepWasmOnBaselineTier(): void {
  if (baselineOnly) return;
  setFlagsFromString('--no-wasm-dynamic-tiering');
  setFlagsFromString('--no-wasm-tier-up');
  baselineOnly = true;
}

let compiled: Promise<WebAssembly.Module> | undefined;

/**
 * Starts compiling PGlite's WASM (9 MB) on V8's background threads, so that it overlaps the loading of the
 * server instead of following it (PGlite.create would read and compile it only when called). This module
 * does not load PGlite itself, so main.ts can start the compile before anything else. The read is
 * synchronous on purpose: the main thread is about to be busy loading modules, and an asynchronous read
 * would only start the compile once that is done.
 */
export function preloadPglite(): void {
  if (compiled) return;
  keepWasmOnBaselineTier();
  compiled = WebAssembly.compile(
    readFileSync(new URL(import.meta.resolve('@electric-sql/pglite/pglite.wasm'))),
  );
  // Whoever opens the database awaits it and sees a failure; this only keeps it from being unhandled.
  compiled.catch(() => {});
}

/** The compile preloadPglite started, if it did. Every PGlite reuses it, as PGlite's own cache would. */
export const preloadedPgliteWasm = (): Promise<WebAssembly.Module> | undefined => compiled;
