import { useSyncExternalStore } from 'react';
import type { ColourScheme } from '../brand/withDetails.ts';

const DARK = '(prefers-color-scheme: dark)';

// Read where the page runs; a browser without matchMedia (and the test DOM) is taken as light.
const darkQuery = () => (typeof matchMedia === 'function' ? matchMedia(DARK) : undefined);

function subscribe(onChange: () => void): () => void {
  const query = darkQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const current = (): ColourScheme => (darkQuery()?.matches ? 'dark' : 'light');

/** The colour scheme the person's system prefers, re-rendering when they change it with the page open. */
export const useSystemScheme = (): ColourScheme => useSyncExternalStore(subscribe, current);
