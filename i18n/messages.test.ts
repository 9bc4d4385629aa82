import type { MessageFormatElement } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { toLanguageTag } from './language-tag.ts';
import english from './messages/en_US.json';
import { loadMessages } from './messages.ts';
import { partOf } from './parts.ts';

describe('toLanguageTag', () => {
  it.each([
    ['en_US', 'en-US'],
    ['en_GB', 'en-GB'],
    ['es_419', 'es-419'],
    ['zh_TW', 'zh-TW'],
    ['ru', 'ru'],
    ['en_ZZ', 'en-XA'],
    ['not a locale', 'en-US'],
  ])('%s → %s', (localeId, tag) => {
    expect(toLanguageTag(localeId)).toBe(tag);
  });
});

/** Argument names a message takes, wherever they sit (plural branches, tags). */
function argumentsOf(elements: readonly MessageFormatElement[]): string[] {
  return elements.flatMap((element) => {
    const own = 'value' in element && element.type !== 0 ? [element.value] : [];
    const nested =
      'options' in element
        ? Object.values(element.options).flatMap((option) => argumentsOf(option.value))
        : 'children' in element
          ? argumentsOf(element.children)
          : [];
    return [...own, ...nested];
  });
}

describe('loadMessages', () => {
  it('loads the compiled English catalogue with every id of en_US.json the browser shows', async () => {
    const catalogue = await loadMessages('en_US');
    expect(catalogue.localeId).toBe('en_US');
    expect(catalogue.languageTag).toBe('en-US');
    expect(Object.keys(catalogue.messages).sort()).toEqual(
      Object.keys(english)
        .filter((id) => partOf(id) !== 'server')
        .sort(),
    );
  });

  it('loads a translated catalogue over English, in its own language', async () => {
    const catalogue = await loadMessages('de_DE');
    expect(catalogue.languageTag).toBe('de-DE');
    expect(catalogue.messages['credential.title']).not.toEqual([{ type: 0, value: 'Sign in' }]);
  });

  it('falls back to en_US, tag included, for a locale without a catalogue', async () => {
    const catalogue = await loadMessages('tlh_QO');
    expect(catalogue.localeId).toBe('en_US');
    expect(catalogue.languageTag).toBe('en-US');
    expect(catalogue.messages['credential.title']).toEqual([{ type: 0, value: 'Sign in' }]);
  });

  it('loads the pseudo locale with the same arguments as English for every id', async () => {
    const [en, pseudo] = await Promise.all([loadMessages('en_US'), loadMessages('en_ZZ')]);
    expect(pseudo.localeId).toBe('en_ZZ');
    expect(pseudo.languageTag).toBe('en-XA');
    for (const [id, elements] of Object.entries(en.messages)) {
      const pseudoElements = pseudo.messages[id] ?? [];
      expect(pseudoElements, id).not.toEqual(elements);
      expect(argumentsOf(pseudoElements).sort(), id).toEqual(argumentsOf(elements).sort());
    }
  });
});

describe('en_US.json', () => {
  const prefixes = [
    'frame',
    'footer',
    'locale',
    'loading',
    'credential',
    'password',
    'sso',
    'consent',
    'errorPage',
    'errors',
    'warning',
    'redirecting',
    'phishing',
    'automation',
    'launchApp',
    'titleBar',
    'accounts',
    'signedOut',
    'twoFactor',
    'account',
    'emergency',
    'notices',
    // Room activation's pages (docs/room-activation.md).
    'room',
    // The SSO notices and mismatch page, and the login option page (docs/notices.md).
    'ssoOutcome',
    'loginOption',
    // The passkey offer and the account's list of passkeys (docs/passkeys.md).
    'passkeys',
    // What only the server says: emails, texts, calls and its own pages (docs/i18n.md).
    'delivery',
    'unsupported',
  ];

  it('groups every id under a known purpose prefix', () => {
    for (const id of Object.keys(english)) {
      expect(prefixes, id).toContain(id.split('.')[0]);
    }
  });

  it('has no empty messages', () => {
    for (const [id, message] of Object.entries(english)) expect(message.trim(), id).not.toBe('');
  });
});
