import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { loadMessages } from './messages.ts';

/**
 * For component tests: renders `ui` inside an IntlProvider with the compiled catalogue of `localeId`
 * (needs `npm run i18n:compile`). Loading first keeps the render synchronous, unlike I18nProvider.
 */
export async function renderWithIntl(ui: ReactElement, localeId = 'en_US') {
  const { languageTag, messages } = await loadMessages(localeId);
  return render(ui, {
    wrapper: ({ children }) => (
      <IntlProvider locale={languageTag} messages={messages}>
        {children}
      </IntlProvider>
    ),
  });
}
