import {
  createContext,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { IntlProvider } from 'react-intl';
import { Spinner } from '../views/frame/LoadingIndicator.tsx';
import { textDirection, toLanguageTag } from './language-tag.ts';
import { type LoadedCatalogue, loadMessages } from './messages.ts';

/** Used when even the English catalogue cannot load: messages render as their ids, the page still works. */
const emptyCatalogue: LoadedCatalogue = { localeId: 'en_US', languageTag: 'en-US', messages: {} };

interface Shown {
  /** The locale asked for (the catalogue may be en_US's when that locale has none). */
  readonly requested: string;
  readonly catalogue: LoadedCatalogue;
  /** True once the rest part (i18n/parts.ts) is in as well: every message id can render. */
  readonly complete: boolean;
}

export interface MessagesState {
  /** Every message of the locale is in: any id can render. */
  readonly complete: boolean;
  /** The rest part could not load (offline, say); `retry` asks for it again. */
  readonly failed: boolean;
  readonly retry: () => void;
}

const MessagesContext = createContext<MessagesState>({ complete: false, failed: false, retry: () => {} });

/** Whether every message has loaded; screens outside the first part wait for it (i18n/parts.ts). */
export const useMessages = () => useContext(MessagesContext);

interface Props {
  localeId: string;
  /**
   * When the rest of the messages may load: the app says so once its first screen is on the display
   * (its first contentful paint), so they never compete with that screen's own downloads. Default true.
   */
  loadRest?: boolean;
  children: ReactNode;
}

/**
 * Provides the compiled messages of `localeId`: the first part (the credential page's text) as soon
 * as it arrives, the rest once `loadRest` allows. Until the first part arrives only a spinner shows
 * (there is no text to name it with yet). On a locale change the previous messages stay up until the
 * whole new catalogue is ready, so the page never blanks. Before `loadRest` (start-up settling on
 * the brand's locale, with no page shown yet), a change waits for the new first part behind the
 * spinner instead, so the first screen renders once, in its own language.
 */
export function I18nProvider({ localeId, loadRest = true, children }: Props) {
  const [shown, setShown] = useState<Shown>();
  const [restFailed, setRestFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const hasFirst = shown?.requested === localeId;
  const complete = hasFirst && shown.complete;
  const changingLocale = shown !== undefined && !hasFirst && loadRest;

  useEffect(() => {
    if (hasFirst) return;
    let current = true;
    // A locale change on a shown page loads both parts at once; a first catalogue comes in two steps.
    // The page renders as a transition, which React renders in slices.
    loadMessages(localeId, changingLocale ? undefined : ['first']).then(
      (catalogue) => current && startTransition(() => show(setShown, localeId, catalogue, changingLocale)),
      (error: unknown) => current && failed(setShown, localeId, error),
    );
    // While it is on its way, Intl readies what the formatter first asks it (@formatjs/intl checks
    // that the locale is supported): on a slow phone that is tens of milliseconds, spent here while
    // the network is waited for rather than when the first screen renders.
    const tag = toLanguageTag(localeId);
    setTimeout(
      () => Intl.NumberFormat.supportedLocalesOf(tag) && Intl.DateTimeFormat.supportedLocalesOf(tag),
    );
    return () => {
      current = false;
    };
  }, [localeId, hasFirst, changingLocale]);

  useEffect(() => {
    if (!hasFirst || complete || !loadRest) return;
    let current = true;
    setRestFailed(false);
    loadMessages(localeId).then(
      // Every text on the page renders again with the whole catalogue: as a transition, which React
      // renders in slices, since nothing on the page changes for it.
      (catalogue) => current && startTransition(() => show(setShown, localeId, catalogue, true)),
      (error: unknown) => {
        console.error(`Could not load the rest of the messages (attempt ${attempt + 1})`, error);
        // What is on screen stays; screens that need the rest say so and offer to try again.
        if (current) setRestFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [localeId, hasFirst, complete, loadRest, attempt]);

  // A load that failed offline is tried again as soon as the browser is back online.
  useEffect(() => {
    if (!restFailed) return;
    const retry = () => setAttempt((n) => n + 1);
    globalThis.addEventListener('online', retry);
    return () => globalThis.removeEventListener('online', retry);
  }, [restFailed]);

  // While a chosen locale loads, the previous whole catalogue stays up and still renders every id, so
  // lazy screens stay mounted: what was typed in them and where the focus is survive the change.
  const renders = complete || (changingLocale && shown.complete);
  const state = useMemo<MessagesState>(
    () => ({ complete: renders, failed: restFailed && !renders, retry: () => setAttempt((n) => n + 1) }),
    [renders, restFailed],
  );

  if (!shown || (!hasFirst && !loadRest)) return <Spinner />;
  return (
    <IntlProvider
      locale={shown.catalogue.languageTag}
      defaultLocale="en-US"
      messages={shown.catalogue.messages}
    >
      <MessagesContext.Provider value={state}>{children}</MessagesContext.Provider>
    </IntlProvider>
  );
}

type SetShown = (shown: Shown) => void;

function show(setShown: SetShown, requested: string, catalogue: LoadedCatalogue, complete: boolean) {
  // The page's language drives screen-reader pronunciation (and axe requires it), and its direction
  // mirrors the layout (rc_XX); both change with the text.
  document.documentElement.lang = catalogue.languageTag;
  document.documentElement.dir = textDirection(catalogue.localeId);
  setShown({ requested, catalogue, complete });
}

function failed(setShown: SetShown, requested: string, error: unknown) {
  console.error('Could not load messages', error);
  // Messages render as their ids; the page still works.
  show(setShown, requested, emptyCatalogue, true);
}
