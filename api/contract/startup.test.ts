import { describe, expect, it } from 'vitest';
import { startupParamsSchema } from './startup.ts';

const parse = (query: Record<string, string>) =>
  startupParamsSchema.safeParse({ clientId: 'demo-app', ...query });

describe('start-up parameters (spec §2): defaults', () => {
  it('applies the spec defaults to a bare address', () => {
    const result = parse({});
    expect(result.success && result.data.localeId).toBeUndefined();
    // No locale: the page chooses one (i18n/locales.ts pageLocale: the browser's, then en_US).
    expect(result.success && result.data).toMatchObject({
      ui_locales: [],
      responseType: 'code',
      title_bar: false,
      force: false,
      discovery: false,
      ui_options: [],
      prompt: [],
    });
  });

  it.each([
    ['force=true', { force: 'true' }, { force: true }],
    ['force=1', { force: '1' }, { force: true }],
    ['force=0', { force: '0' }, { force: false }],
    ['title_bar=1', { title_bar: '1' }, { title_bar: true }],
    ['display=touch', { display: 'touch' }, { display: 'touch' }],
    ['an unknown locale is as if absent', { localeId: 'xx_YY' }, { localeId: undefined }],
    ['ui_locales as its tags, best first', { ui_locales: ' de-AT  fr ' }, { ui_locales: ['de-AT', 'fr'] }],
    ['a known locale is kept', { localeId: 'fr_CA' }, { localeId: 'fr_CA' }],
    [
      'https targetUrl and fallbackUrl are kept',
      { targetUrl: 'https://notes.example/get', fallbackUrl: 'https://notes.example/web' },
      { targetUrl: 'https://notes.example/get', fallbackUrl: 'https://notes.example/web' },
    ],
    [
      'ui_options keeps known tokens, drops unknown ones, splits on spaces and commas',
      { ui_options: 'hide_logo,bogus hide_tos  skip_login_id_page' },
      { ui_options: ['hide_logo', 'hide_tos', 'skip_login_id_page'] },
    ],
    [
      'prompt keeps login, sso, consent and select_account',
      { prompt: 'login sso none consent select_account' },
      { prompt: ['login', 'sso', 'consent', 'select_account'] },
    ],
    ['loginAutomation is read as given', { loginAutomation: '1' }, { loginAutomation: '1' }],
    [
      'errorCode with its SSO-style segments',
      { errorCode: 'NO_RCM_PERMISSION/SUNSET' },
      { errorCode: 'NO_RCM_PERMISSION/SUNSET' },
    ],
  ])('%s', (_, query, expected) => {
    const result = parse(query);
    expect(result.success && result.data).toMatchObject(expected);
  });
});

describe('start-up parameters (spec §2): bad values are refused, naming the parameter', () => {
  it.each([
    ['no clientId', { clientId: '' }, 'clientId'],
    ['a clientId with markup', { clientId: '<script>' }, 'clientId'],
    ['force=yes', { force: 'yes' }, 'force'],
    ['title_bar=maybe', { title_bar: 'maybe' }, 'title_bar'],
    ['responseType=token', { responseType: 'token' }, 'responseType'],
    ['display=tv', { display: 'tv' }, 'display'],
    ['a brandId that is not digits', { brandId: '12a' }, 'brandId'],
    ['an errorCode with markup', { errorCode: '<img src=x>' }, 'errorCode'],
    ['an overlong state', { state: 'x'.repeat(1025) }, 'state'],
    ['an overlong login_hint', { login_hint: 'x'.repeat(255) }, 'login_hint'],
    ['a code challenge method other than S256', { codeChallengeMethod: 'plain' }, 'codeChallengeMethod'],
    ['a javascript: targetUrl', { targetUrl: 'javascript:alert(1)' }, 'targetUrl'],
    ['a data: fallbackUrl', { fallbackUrl: 'data:text/html,<script>alert(1)</script>' }, 'fallbackUrl'],
    ['a plain-http fallbackUrl elsewhere', { fallbackUrl: 'http://notes.example/web' }, 'fallbackUrl'],
    ['a relative targetUrl', { targetUrl: '/download' }, 'targetUrl'],
  ])('%s', (_, query, field) => {
    const result = parse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(field);
  });
});
