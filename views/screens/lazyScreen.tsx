import { type ComponentType, useEffect, useState } from 'react';
import { useMessages } from '../../i18n/I18nProvider.tsx';
import { Msg } from '../../i18n/Msg.tsx';
import { loadOnce } from '../../machines/loadOnce.ts';
import { LoadingIndicator } from '../frame/LoadingIndicator.tsx';
import * as styles from './screens.css.ts';

/** Spec §9: how long a page script may take before its load counts as failed. */
export const PAGE_SCRIPT_TIMEOUT_MS = 120_000;

export interface LazyScreen<P extends object = object> {
  /** Renders the screen once its chunk and every message are in; the loading indicator until then. */
  readonly View: ComponentType<P>;
  /** Starts loading the chunk (idle prefetch, tests); resolves either way, never rejects. */
  readonly preload: () => Promise<void>;
}

/**
 * A screen in a chunk of its own (docs/architecture.md, "What the first screen loads"). Spec §2: a
 * loading indicator shows while the page loads and hides on success; a failed or timed-out load only
 * hides it. The screen is then not blank: it says the page could not load and offers to try again,
 * which fetches the chunk anew (a failed import is not cached). Its messages (the rest part) count as
 * part of the page: when they fail to load, the same happens.
 */
export function lazyScreen<P extends object = object>(
  load: () => Promise<ComponentType<P>>,
  timeoutMs = PAGE_SCRIPT_TIMEOUT_MS,
): LazyScreen<P> {
  const chunk = loadOnce(() => withTimeout(load(), timeoutMs));
  const fetchOnce = chunk.load;

  function View(props: P) {
    const messages = useMessages();
    const [status, setStatus] = useState<'loading' | 'failed' | 'ready'>(
      chunk.loaded() ? 'ready' : 'loading',
    );
    useEffect(() => {
      if (status !== 'loading') return;
      let current = true;
      fetchOnce().then(
        () => current && setStatus('ready'),
        (error: unknown) => {
          console.error('Could not load the page', error);
          if (current) setStatus('failed');
        },
      );
      return () => {
        current = false;
      };
    }, [status]);

    const failed = status === 'failed' || messages.failed;
    const retry = () => {
      setStatus(chunk.loaded() ? 'ready' : 'loading');
      if (messages.failed) messages.retry();
    };
    // Back online, the page loads again by itself; the button stays for every other failure.
    useEffect(() => {
      if (!failed) return;
      globalThis.addEventListener('online', retry);
      return () => globalThis.removeEventListener('online', retry);
    });

    if (failed) {
      return (
        <section className={styles.screen} data-screen="pageLoadFailed">
          <p role="alert" className={styles.subtitle}>
            <Msg id="frame.pageLoadFailed" />
          </p>
          <button type="button" className={styles.primaryButton} onClick={retry}>
            <Msg id="frame.retry" />
          </button>
        </section>
      );
    }
    const Loaded = chunk.loaded();
    return Loaded && messages.complete ? <Loaded {...props} /> : <LoadingIndicator />;
  }

  return {
    View,
    preload: () =>
      fetchOnce().then(
        () => undefined,
        () => undefined,
      ),
  };
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Page script did not load within ${timeoutMs} ms`)),
      timeoutMs,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
