/**
 * A chunk loaded at most once at a time: concurrent callers share one import, a success is kept (and
 * readable synchronously through `loaded`), a failure is forgotten so the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>) {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    loaded: () => loaded,
    load: (): Promise<T> => {
      pending ??= load().then(
        (value) => {
          loaded = value;
          return value;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
  };
}
