import { readFileSync } from 'node:fs';
import { createIntl } from '@formatjs/intl';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { toLanguageTag } from '../../i18n/language-tag.ts';
import { codeIn } from '../../server/two-factor/two-factor.testing.ts';
import {
  createPartner,
  expectAccessible,
  type Harness,
  harnessPerFile,
  iPhone,
  newestOutboxText,
} from './harness.ts';

const harness = harnessPerFile();
const password = 'Violet-Harbor-47';

/** A locale's message as a reader sees it, from the very catalogue the app ships. */
function messageIn(localeId: string) {
  const catalogue: Record<string, string> = JSON.parse(
    readFileSync(new URL(`../../i18n/messages/${localeId}.json`, import.meta.url), 'utf8'),
  );
  const intl = createIntl({ locale: toLanguageTag(localeId), messages: catalogue });
  return (id: string, values: Record<string, string | number> = {}) => {
    if (catalogue[id] === undefined) throw new Error(`${localeId} has no ${id}`);
    return String(intl.formatMessage({ id }, values));
  };
}

/** The partner's authorize request with the locale parameters given, opened in a fresh page. */
async function openSignIn(params: Record<string, string>, device: Parameters<Harness['newPage']>[0] = {}) {
  const partner = await createPartner(harness().origin);
  for (const [name, value] of Object.entries(params)) partner.authorizationUrl.searchParams.set(name, value);
  const { page } = await harness().newPage(device);
  const callback = await partner.captureCallback(page);
  await page.goto(partner.authorizationUrl.href);
  return { page, partner, callback };
}

async function signInWithCode(page: Page, t: ReturnType<typeof messageIn>, email: string) {
  await page.getByLabel(t('credential.label'), { exact: true }).fill(email);
  await page.getByRole('button', { name: t('credential.submit'), exact: true }).click();
  await page.getByLabel(t('password.label'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t('password.submit'), exact: true }).click();
  await page.waitForURL(/#\/consent$/);
  await page.getByRole('button', { name: t('consent.approve'), exact: true }).click();
  await page.waitForURL(/#\/twoFactor\/options$/);
  await expectAccessible(page, `two-factor options in ${email}`);
  const escaped = t('twoFactor.options.email').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page.getByRole('button', { name: new RegExp(escaped) }).click();
  await page.waitForURL(/#\/twoFactor\/verify\/Email\//);
}

describe('every locale in the browser', () => {
  it.each([
    ['fr_FR', 'fr-FR', 'mfa@example.com'],
    ['ja_JP', 'ja', 'nocall@example.com'],
  ])(
    'a whole sign-in with two-factor in %s (ui_locales=%s over localeId), the code email too',
    async (localeId, tag, account) => {
      const t = messageIn(localeId);
      const { page, partner, callback } = await openSignIn({ ui_locales: tag, localeId: 'de_DE' });
      await page
        .getByRole('heading', { name: t('credential.title'), exact: true })
        .first()
        .waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(toLanguageTag(localeId));
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
      await expectAccessible(page, `the credential page in ${localeId}`);
      await signInWithCode(page, t, account);
      const email = await newestOutboxText(harness().origin, account);
      expect(email).toContain(
        t('delivery.code.text', { brandName: 'Orvalle Connect', code: codeIn(email), minutes: 10 }),
      );
      await page.getByLabel(t('twoFactor.code.label'), { exact: true }).fill(codeIn(email));
      await page.getByRole('button', { name: t('twoFactor.code.submit'), exact: true }).click();
      expect((await partner.exchange(await callback())).access_token).toBeTruthy();
    },
  );

  it('the footer’s selector changes en_US to de_DE mid-flow: the password page stays, in German, the flow goes on', async () => {
    const en = messageIn('en_US');
    const de = messageIn('de_DE');
    const { page, partner, callback } = await openSignIn({});
    await page.getByLabel(en('credential.label'), { exact: true }).fill('ada@example.com');
    await page.getByRole('button', { name: en('credential.submit'), exact: true }).click();
    await page.waitForURL(/#\/enterPassword\/email\//);
    const passwordRoute = new URL(page.url()).hash;
    // Set before the switch: still there after it, the page did not reload.
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.getByRole('button', { name: new RegExp(`^${en('locale.label')} `) }).click();
    expect(await page.getByRole('option', { name: 'Deutsch', exact: true }).getAttribute('lang')).toBe(
      'de-DE',
    );
    // English is offered four times, so each shows its long name.
    expect(await page.getByRole('option', { name: 'English (United Kingdom)', exact: true }).count()).toBe(1);
    await page.getByRole('option', { name: 'Deutsch', exact: true }).click();
    await page
      .getByRole('heading', { name: de('password.title'), exact: true })
      .first()
      .waitFor();
    const url = new URL(page.url());
    expect([url.searchParams.get('localeId'), url.hash]).toEqual(['de_DE', passwordRoute]);
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de-DE');
    await expectAccessible(page, 'the password page after switching to German');
    await page.getByLabel(de('password.label'), { exact: true }).fill(password);
    await page.getByRole('button', { name: de('password.submit'), exact: true }).click();
    await page.waitForURL(/#\/consent$/);
    await page.getByRole('button', { name: de('consent.approve'), exact: true }).click();
    expect((await partner.exchange(await callback())).access_token).toBeTruthy();
  });

  it('de_DE on a 390 px phone: long German words never make the page scroll sideways', async () => {
    const de = messageIn('de_DE');
    const { page } = await openSignIn({ localeId: 'de_DE' }, iPhone);
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(page.viewportSize()?.width).toBe(390);
    await page
      .getByRole('heading', { name: de('credential.title'), exact: true })
      .first()
      .waitFor();
    expect(await sideways()).toBe(false);
    await page.getByLabel(de('credential.label'), { exact: true }).fill('e911@example.com');
    await page.getByRole('button', { name: de('credential.submit'), exact: true }).click();
    await page.getByLabel(de('password.label'), { exact: true }).fill(password);
    expect(await sideways()).toBe(false);
    await page.getByRole('button', { name: de('password.submit'), exact: true }).click();
    await page.waitForURL(/#\/consent$/);
    expect(await sideways()).toBe(false);
    await page.getByRole('button', { name: de('consent.approve'), exact: true }).click();
    await page.waitForURL(/#\/emergencyAddress/);
    await page.locator('main#main:not([aria-busy]) [data-screen]').first().waitFor();
    expect(await sideways()).toBe(false);
    await expectAccessible(page, 'the emergency address form in German on a phone');
  });

  it('rc_XX mirrors the page right to left and stays axe-clean', async () => {
    const { page } = await openSignIn({ ui_locales: 'en-XB' });
    await page.locator('main#main:not([aria-busy]) [data-screen="enterCredential"]').waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'en-XB',
      'rtl',
    ]);
    // Mirrored: the field's label starts at the right edge of the form, not the left.
    const field = await page.locator('input[name="credential"]').boundingBox();
    const label = await page.locator('label[for]').first().boundingBox();
    expect(field && label && label.x + label.width).toBeGreaterThan(
      (field?.x ?? 0) + (field?.width ?? 0) - 2,
    );
    await expectAccessible(page, 'the credential page right to left');
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  });

  it('a code email in pt_BR, subject and body, read from the outbox', async () => {
    const pt = messageIn('pt_BR');
    const { page } = await openSignIn({ ui_locales: 'pt-BR' });
    await signInWithCode(page, pt, 'mfa@example.com');
    const response = await fetch(
      `${harness().origin}/dev/outbox.json?${new URLSearchParams({ to: 'mfa@example.com' })}`,
    );
    const { messages } = (await response.json()) as { messages: { subject?: string; text: string }[] };
    const [newest] = messages;
    expect(newest?.subject).toBe(pt('delivery.code.subject', { brandName: 'Orvalle Connect' }));
    const code = codeIn(newest?.text ?? '');
    expect(newest?.text).toBe(pt('delivery.code.text', { brandName: 'Orvalle Connect', code, minutes: 10 }));
  });
});
