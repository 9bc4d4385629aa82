import { useSyncExternalStore } from 'react';

/** A leading '#' is ignored and a leading '/' optional: '#/consent', '#consent' and '/consent' are one path. */
const PREFIX = /^#?\/?/;

const subscribe = (onChange: () => void) => {
  addEventListener('hashchange', onChange);
  return () => removeEventListener('hashchange', onChange);
};
const currentPath = () => `/${location.hash.replace(PREFIX, '')}`;

/**
 * Moves the address's hash to `path`, as a new history entry or in place of the current one, and says
 * so with a `hashchange` event, as a typed-in hash does: whatever follows the address hears both alike.
 */
export function navigateHash(path: string, { replace = false }: { replace?: boolean } = {}): void {
  const oldURL = location.href;
  const url = new URL(oldURL);
  url.hash = `/${path.replace(PREFIX, '')}`;
  history[replace ? 'replaceState' : 'pushState'](null, '', url.href);
  dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: url.href }));
}

/**
 * The hash as a path, and `navigateHash` (views/useHashSync.ts). Foyer's own rather than a router's: it
 * is all the routing the SPA needs (machines/routes.ts knows the routes), in fewer bytes on the first
 * screen.
 */
export const useHashLocation = () => [useSyncExternalStore(subscribe, currentPath), navigateHash] as const;
