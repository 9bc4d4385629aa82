import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { Spinner } from '../views/frame/LoadingIndicator.tsx';
import { type LoadedCatalogue, loadMessages } from './messages.ts';

/** Used when even the English catalogue cannot load: messages render as their ids, the page still works. */
const emptyCatalogue: LoadedCatalogue = { localeId: 'en_US', languageTag: 'en-US', messages: {} };

interface Shown {
  readonly catalogue: LoadedCatalogue;
  /** True once the rest part (i18n/parts.ts) is in as well: every message id can render. */
  readonly complete: boolean;
}

const CompleteContext = createContext(false);

/** Whether every message of the locale has loaded; screens outside the first part wait for it. */
export const useAllMessages = () => useContext(CompleteContext);

/**
 * Provides the compiled messages of `localeId`: the first part (the credential page's text) as soon
 * as it arrives, then the rest, fetched right after without holding up the first screen. Until the
 * first part arrives only a spinner shows (it has no text yet: there is no catalogue to take it
 * from). On a later locale change the previous messages stay up until the new ones are ready, so the
 * page never blanks.
 */
export function I18nProvider({ localeId, children }: { localeId: string; children: ReactNode }) {
  const [shown, setShown] = useState<Shown>();
  const shownBefore = useRef(false);

  useEffect(() => {
    let current = true;
    const show = (catalogue: LoadedCatalogue, complete: boolean) => {
      if (!current) return;
      shownBefore.current = true;
      // The page's language drives screen-reader pronunciation (and axe requires it); it changes
      // together with the text.
      document.documentElement.lang = catalogue.languageTag;
      setShown({ catalogue, complete });
    };
    const loadAll = (whileWaiting?: LoadedCatalogue) =>
      loadMessages(localeId).then(
        (all) => show(all, true),
        (error: unknown) => {
          console.error('Could not load messages', error);
          // Whatever is on screen stays; missing ids render as themselves rather than blanking the page.
          show(whileWaiting ?? emptyCatalogue, true);
        },
      );
    if (shownBefore.current) {
      // A locale change: the previous messages stay up until the whole new catalogue is in.
      void loadAll();
    } else {
      loadMessages(localeId, ['first']).then(
        (first) => {
          show(first, false);
          void loadAll(first);
        },
        () => loadAll(),
      );
    }
    return () => {
      current = false;
    };
  }, [localeId]);

  if (!shown) return <Spinner />;
  return (
    <IntlProvider
      locale={shown.catalogue.languageTag}
      defaultLocale="en-US"
      messages={shown.catalogue.messages}
    >
      <CompleteContext.Provider value={shown.complete}>{children}</CompleteContext.Provider>
    </IntlProvider>
  );
}
