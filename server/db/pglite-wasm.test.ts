import { describe, expect, it, vi } from 'vitest';
import { createTestServer } from '../testing/harness.ts';
import { preloadedPgliteWasm, preloadPglite } from './pglite-wasm.ts';
import { users } from './schema.ts';

describe('preloadPglite', () => {
  it("compiles PGlite's WASM once, and the databases opened afterwards run on that module", async () => {
    expect(preloadedPgliteWasm()).toBeUndefined();
    preloadPglite();
    const compiled = preloadedPgliteWasm();
    preloadPglite();
    expect(preloadedPgliteWasm()).toBe(compiled);
    const module = await compiled;
    expect(module).toBeInstanceOf(WebAssembly.Module);

    const instantiate = vi.spyOn(WebAssembly, 'instantiate');
    const server = await createTestServer();
    expect(instantiate).toHaveBeenCalledWith(module, expect.anything());
    expect(await server.db.select().from(users)).not.toEqual([]);
    await server.close();
    instantiate.mockRestore();
  }, 30_000);
});
