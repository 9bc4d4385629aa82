import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { REAL_LOCALES } from '../api/contract/locales.ts';
import { pageLocale } from '../i18n/locales.ts';
import { loadMessages } from '../i18n/messages.ts';
import { startStartup } from '../machines/actors.ts';
import { localeRequestFrom } from '../machines/signIn.context.ts';
import { browserInput } from '../machines/signIn.machine.ts';
import { App } from './App.tsx';
import { SignInActor } from './SignInActor.ts';

async function inspectorOption() {
  // Opt-in for developers: ?inspect opens the Stately inspector (dev server only, never in the build).
  if (!import.meta.env.DEV || !new URLSearchParams(location.search).has('inspect')) return {};
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return { inspect: createBrowserInspector().inspect };
}

const container = document.getElementById('root');
if (container) {
  const input = browserInput();
  // Start-up's calls and the page's first messages go out now, not after the first render and the
  // machine's start: the messages in the locale the page would choose among all the product's, then,
  // once the brand's locales are known, in the brand's own (the view takes them from the cache).
  const localeRequest = localeRequestFrom(input.search, input.browserLanguages);
  const firstMessages = (offered: readonly string[]) =>
    loadMessages(pageLocale({ ...localeRequest, offered }), ['first']).catch(() => undefined);
  void firstMessages(REAL_LOCALES);
  startStartup({ search: input.search, localeRequest }).then(
    ({ locales }) => firstMessages(locales.supportedLocaleCodes),
    () => undefined,
  );
  const options = { input, ...(await inspectorOption()) };
  createRoot(container).render(
    <StrictMode>
      <SignInActor.Provider options={options}>
        <App />
      </SignInActor.Provider>
    </StrictMode>,
  );
}
