import { describe, expect, it } from 'vitest';
import { chooseAccount, codeLeadsToPage, sessionStart } from './startupRule.ts';

const ada = { loginId: 'ada@example.com', sessionId: 's1' };
const grace = { loginId: 'grace@example.co.uk', sessionId: 's2' };
const start = (ui_options: ('hide_consent' | 'hide_logo')[], accounts: (typeof ada)[], login_hint?: string) =>
  sessionStart({ ui_options, login_hint }, accounts);

describe('the start-up rule the SPA and /oauth/authorize share', () => {
  it('login_hint picks a signed-in account only when exactly one matches, in any case', () => {
    expect(chooseAccount([ada, grace], ' Ada@Example.com ')).toEqual({ account: ada });
    expect(chooseAccount([ada, grace], 'nobody@example.com')).toEqual({ reason: 'hintNotSignedIn' });
    expect(chooseAccount([ada, grace], undefined)).toEqual({ reason: 'several' });
    expect(chooseAccount([], 'ada@example.com')).toEqual({ reason: 'signedOut' });
  });

  it('ignores a login_hint that is not a credential, as the page does', () => {
    expect(chooseAccount([ada], 'not a login')).toEqual({ account: ada });
    expect(chooseAccount([ada, grace], '   ')).toEqual({ reason: 'several' });
  });

  it('continues as the account with the code at once only when consent is hidden', () => {
    expect(start(['hide_consent'], [ada])).toEqual({ step: 'requestCode', account: ada });
    expect(start(['hide_logo'], [ada])).toEqual({ step: 'consent', account: ada });
    expect(start(['hide_consent'], [ada, grace], 'grace@example.co.uk')).toEqual({
      step: 'requestCode',
      account: grace,
    });
  });

  it('opens the picker for several accounts and the first screen for none or an unknown hint', () => {
    expect(start(['hide_consent'], [ada, grace])).toEqual({ step: 'picker', reason: 'several' });
    expect(start(['hide_consent'], [])).toEqual({ step: 'firstScreen', reason: 'signedOut' });
    expect(start([], [ada], 'grace@example.co.uk')).toEqual({
      step: 'firstScreen',
      reason: 'hintNotSignedIn',
    });
  });

  it('knows which codes still lead to a page: login automation and a native app scheme', () => {
    expect(codeLeadsToPage({ loginAutomation: undefined }, 'https://app.example/cb')).toBe(false);
    expect(codeLeadsToPage({ loginAutomation: '1' }, 'https://app.example/cb')).toBe(true);
    expect(codeLeadsToPage({ loginAutomation: undefined }, 'com.example.app:/cb')).toBe(true);
  });
});
