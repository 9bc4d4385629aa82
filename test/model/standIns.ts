import { fromPromise } from 'xstate';

type Deferred = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

/**
 * Stand-ins for the machine's actors that wait for the test: each invocation parks a deferred under
 * its actor name, and the model's `xstate.done.actor.*` / `xstate.error.actor.*` events settle it.
 */
export function createStandIns(names: readonly string[]) {
  const pending = new Map<string, Deferred>();
  const actors = Object.fromEntries(
    names.map((name) => [
      name,
      fromPromise(
        () =>
          new Promise((resolve, reject) => {
            pending.set(name, { resolve, reject });
          }),
      ),
    ]),
  );
  const settle = (name: string, outcome: { output?: unknown; error?: unknown }, failed: boolean) => {
    const deferred = pending.get(name);
    if (!deferred) throw new Error(`${name} is not running`);
    pending.delete(name);
    if (failed) deferred.reject(outcome.error);
    else deferred.resolve(outcome.output);
  };
  return { actors, pending, settle, reset: () => pending.clear() };
}
