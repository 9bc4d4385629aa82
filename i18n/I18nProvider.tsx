import { type ReactNode, useEffect, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { Spinner } from '../views/frame/LoadingIndicator.tsx';
import { type LoadedCatalogue, loadMessages } from './messages.ts';

/** Used when even the English catalogue cannot load: messages render as their ids, the page still works. */
const emptyCatalogue: LoadedCatalogue = { localeId: 'en_US', languageTag: 'en-US', messages: {} };

/**
 * Provides the compiled messages of `localeId`. Until the first catalogue arrives only a spinner
 * shows (it has no text yet: there is no catalogue to take it from). On a later locale change the
 * previous messages stay up until the new ones are ready, so the page never blanks.
 */
export function I18nProvider({ localeId, children }: { localeId: string; children: ReactNode }) {
  const [catalogue, setCatalogue] = useState<LoadedCatalogue>();

  useEffect(() => {
    let current = true;
    const show = (loaded: LoadedCatalogue) => {
      if (!current) return;
      // The page's language drives screen-reader pronunciation (and axe requires it); it changes
      // together with the text.
      document.documentElement.lang = loaded.languageTag;
      setCatalogue(loaded);
    };
    loadMessages(localeId).then(show, (error: unknown) => {
      console.error('Could not load messages', error);
      show(emptyCatalogue);
    });
    return () => {
      current = false;
    };
  }, [localeId]);

  if (!catalogue) return <Spinner />;
  return (
    <IntlProvider locale={catalogue.languageTag} defaultLocale="en-US" messages={catalogue.messages}>
      {children}
    </IntlProvider>
  );
}
