/**
 * What a lazy chunk's `import()` runs in the build, in place of Vite's preload helper
 * (`vite/preload-helper`, swapped in by vite.config.ts): Vite wraps every dynamic import as
 * `__vitePreload(load, deps)`, and with `build.modulePreload` off the deps are only the chunk's style
 * sheets. Vite's helper also preloads scripts, reads a CSP nonce, skips links already in the page
 * and tells `vite:preloadError` listeners — none of which Foyer has — and costs 0.5 KB gzip more on
 * the first screen. As in Vite's, the chunk loads once its style sheets have, and a style sheet that
 * fails fails the import (the lazy screen then offers to try again, which fetches it anew).
 */
const styleSheets = new Map<string, Promise<unknown>>();

export function loadWithStyles<T>(load: () => Promise<T>, deps?: readonly string[]): Promise<T> {
  return Promise.all((deps ?? []).map(linkStyleSheet)).then(load);
}

function linkStyleSheet(path: string): Promise<unknown> {
  let linked = styleSheets.get(path);
  if (!linked) {
    linked = new Promise((resolve, reject) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = import.meta.env.BASE_URL + path;
      link.onload = resolve;
      link.onerror = () => {
        styleSheets.delete(path);
        link.remove();
        reject(new Error(`Could not load the style sheet ${path}`));
      };
      document.head.append(link);
    });
    styleSheets.set(path, linked);
  }
  return linked;
}
