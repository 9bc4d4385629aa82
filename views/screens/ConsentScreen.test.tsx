import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LocalesData } from '../../api/contract/config.ts';
import {
  brandConfigFixture,
  brandDetailHandlers,
  localesFixture,
  sessionsHandler,
} from '../../test/fixtures/api.ts';
import { renderApp } from '../../test/fixtures/renderApp.tsx';
import { okReply } from '../../test/fixtures/replies.ts';

// The consent page names the OpenID Connect scopes and the platform's API scopes (ReadAccounts,
// ReadCallLog) in the page's language and lists only the scopes the request is for (api/scope.ts); an
// app's own scopes the product does not know keep the server's names.
const locales: LocalesData = {
  ...localesFixture,
  supportedLocaleCodes: ['en_US', 'de_DE', 'ja_JP'],
  locales: [
    ...localesFixture.locales,
    { localeCode: 'de_DE', localeName: 'Deutsch', titleName: 'Deutsch' },
    { localeCode: 'ja_JP', localeName: '日本語', titleName: '日本語' },
  ],
};
const clientScopes = [
  { id: 'ReadAccounts', name: 'Read your account and extension details' },
  { id: 'ReadCallLog', name: 'Read your call history' },
  { id: 'openid', name: 'Know who you are' },
  { id: 'profile', name: 'Your name, language and time zone' },
  { id: 'email', name: 'Your email address' },
  { id: 'phone', name: 'Your phone number' },
  { id: 'offline_access', name: 'Keep access while you are away' },
];

const api = setupServer(
  ...brandDetailHandlers,
  http.get('*/api/config/parameters', () => okReply(brandConfigFixture('1210'))),
  http.get('*/api/config/locales', () => okReply(locales)),
  // One account signed in here: the page goes straight to consent.
  sessionsHandler(),
  http.get('*/api/config/app-permissions', () =>
    okReply({ clientId: 'demo-app', appName: 'Harbour Notes', permissions: clientScopes }),
  ),
);
beforeAll(() => api.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  api.resetHandlers();
  sessionStorage.clear();
});
afterAll(() => api.close());

const app = '?clientId=demo-app&appUrlScheme=https%3A%2F%2Fapp.example%2Fcb&state=s1';

async function consentItems(query: string) {
  renderApp(`${app}${query}`, { actions: { navigateAway: () => {} } });
  const heading = await screen.findByRole('heading', { level: 1, name: /Harbour Notes/ });
  expect(location.hash).toBe('#/consent');
  const page = heading.closest('section') as HTMLElement;
  return within(within(page).getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

// Asked in another order than the client's (phone first): the page keeps the client's order.
const asked = `&scope=${encodeURIComponent('phone ReadCallLog openid email offline_access')}`;

describe('the consent page names the requested scopes', () => {
  it.each<[string, string, unknown[]]>([
    [
      'en_US',
      'en-US',
      [
        'Read your call history',
        'Know who you are (an ID for your account that never changes)',
        'See your email address and whether it is verified',
        'See your phone number and whether it is verified',
        'Stay connected while you are not using the app',
      ],
    ],
    [
      'de_DE',
      'de-DE',
      [
        'Ihre Anrufliste lesen',
        'Erkennen, wer Sie sind (über eine gleichbleibende Kennung Ihres Kontos)',
        'Ihre E-Mail-Adresse sehen und ob sie bestätigt ist',
        'Ihre Telefonnummer sehen und ob sie bestätigt ist',
        'Verbunden bleiben, während Sie die App nicht verwenden',
      ],
    ],
    [
      'ja_JP',
      'ja-JP',
      [
        '通話履歴を読み取る',
        'ユーザーを識別する（アカウントに固有の、変わらない ID）',
        'メールアドレスと、確認済みかどうかを表示する',
        '電話番号と、確認済みかどうかを表示する',
        'アプリを使用していないときもアクセスを維持する',
      ],
    ],
    [
      'rc_XX',
      'en-XB',
      [
        expect.stringContaining('\u202ehistory\u202c'),
        expect.stringContaining('\u202eKnow\u202c'),
        expect.stringContaining('\u202everified\u202c'),
        expect.stringContaining('\u202ephone\u202c'),
        expect.stringContaining('\u202econnected\u202c'),
      ],
    ],
  ])(
    '%s: the OpenID and platform API scopes in the page language, only those asked',
    async (localeId, languageTag, expected) => {
      const items = await consentItems(`${asked}&localeId=${localeId}`);
      expect(items).toEqual(expected);
      expect(document.documentElement.lang).toBe(languageTag);
      expect(items).not.toContain('Read your account and extension details');
      if (localeId !== 'en_US') expect(items).not.toContain('Read your call history');
    },
  );

  it.each([
    ['de_DE', ['Details Ihres Kontos und Ihrer Durchwahl lesen', 'Ihre Anrufliste lesen']],
    [
      'rc_XX',
      [expect.stringContaining('\u202eextension\u202c'), expect.stringContaining('\u202ecall\u202c')],
    ],
  ] as const)(
    '%s: the platform API scopes are in the page language, never the server English',
    async (localeId, expected) => {
      const items = await consentItems(`&localeId=${localeId}`);
      expect(items).toEqual(expected);
      expect(items).not.toContain('Read your account and extension details');
      expect(items).not.toContain('Read your call history');
    },
  );

  it('an app scope the product does not know keeps the server name', async () => {
    api.use(
      http.get('*/api/config/app-permissions', () =>
        okReply({
          clientId: 'demo-app',
          appName: 'Harbour Notes',
          permissions: [{ id: 'ReadPresence', name: 'See whether you are available' }, clientScopes[1]],
        }),
      ),
    );
    expect(await consentItems('&localeId=de_DE')).toEqual([
      'See whether you are available',
      'Ihre Anrufliste lesen',
    ]);
  });

  it('a request naming no scope lists what the server grants: the API scopes, not the OpenID ones', async () => {
    expect(await consentItems('')).toEqual([
      'Read your account and extension details',
      'Read your call history',
    ]);
  });

  it('a client with only OpenID scopes lists them all when the request names none', async () => {
    api.use(
      http.get('*/api/config/app-permissions', () =>
        okReply({ clientId: 'demo-app', appName: 'Harbour Notes', permissions: clientScopes.slice(2, 4) }),
      ),
    );
    expect(await consentItems('')).toEqual([
      'Know who you are (an ID for your account that never changes)',
      'See your name, language and time zone',
    ]);
  });
});

describe('the consent page while its answer is sent', () => {
  // Deny checks the connection before leaving (spec §4) with the page still up; Authorize leaves it for
  // the progress screen at once.
  it('keeps the pressed button focusable, marked aria-disabled, and sends nothing more until the answer', async () => {
    let sent = 0;
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    api.use(
      http.get('*/api/detect-conn', async () => {
        sent += 1;
        await answered;
        return HttpResponse.error();
      }),
    );
    try {
      await consentItems('');
      const button = (name: string) => screen.getByRole('button', { name });
      const deny = button('Deny');
      deny.focus();
      fireEvent.click(deny);
      await waitFor(() => expect(deny.getAttribute('aria-disabled')).toBe('true'));
      expect(sent).toBe(1);
      // A disabled button would let go of the focus (WCAG 2.4.3); a waiting one ignores presses instead.
      expect(deny.hasAttribute('disabled')).toBe(false);
      expect(document.activeElement).toBe(deny);
      for (const name of ['Authorize', 'Deny', 'Cancel']) {
        expect(button(name).getAttribute('aria-disabled')).toBe('true');
        fireEvent.click(button(name));
      }
      expect(location.hash).toBe('#/consent');
      expect(sent).toBe(1);
      // The check fails: the page says so, every button answers again, the focus still on Deny.
      answer();
      await screen.findByText(/Check your network connection/);
      expect(button('Deny').getAttribute('aria-disabled')).toBeNull();
      expect(document.activeElement).toBe(deny);
    } finally {
      answer();
    }
  });
});
