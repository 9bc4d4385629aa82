import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  createPartner,
  demo,
  enterCredential,
  enterPassword,
  type Harness,
  harnessPerFile,
  holdRequests,
} from './harness.ts';

/*
 * What the page looks like rather than what it does: numbers kept left to right in a right-to-left
 * page, a button that never breaks inside its word, forced colours and reduced motion.
 */
const harness = harnessPerFile();

/** The partner's authorize request, with extra parameters (ui_locales…), in a fresh page. */
async function openSignIn(
  params: Record<string, string> = {},
  device: Parameters<Harness['newPage']>[0] = {},
) {
  const partner = await createPartner(harness().origin);
  for (const [name, value] of Object.entries(params)) partner.authorizationUrl.searchParams.set(name, value);
  const { page } = await harness().newPage(device);
  await page.goto(partner.authorizationUrl.href);
  await page.waitForURL(/#\/enterCredential$/);
  await page.locator('main#main:not([aria-busy]) [data-screen="enterCredential"]').waitFor();
  return { page, partner };
}

/** The credential page's field and Next, found by name and type: their labels are in the page's language. */
async function submitCredential(page: Page, credential: string) {
  await page.locator('input[name="credential"]').fill(credential);
  await page.locator('[data-screen="enterCredential"] button[type="submit"]').click();
}

/**
 * How an element's text is drawn: its direction, its unicode-bidi, its text, and that text's
 * characters in the order they appear from left to right on the screen (one line).
 */
function drawn(locator: Locator) {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const glyphs: { char: string; x: number }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let at = 0; at < text.length; at += 1) {
        const char = text[at] ?? '';
        if (!char.trim()) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        glyphs.push({ char, x: range.getBoundingClientRect().left });
      }
    }
    return {
      direction: style.direction,
      unicodeBidi: style.unicodeBidi,
      text: element.textContent ?? '',
      leftToRight: glyphs
        .toSorted((a, b) => a.x - b.x)
        .map((glyph) => glyph.char)
        .join(''),
    };
  });
}

describe('numbers, codes and emails stay left to right in right-to-left text (rc_XX)', () => {
  it('the password page shows the number and its extension in their own order', async () => {
    const { page } = await openSignIn({ ui_locales: 'en-XB' });
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await submitCredential(page, `${demo.ada.phone} ext ${demo.ada.extension}`);
    await page.waitForURL(/#\/enterPassword\/number\//);
    // The number and the extension each keep their own order; the word between them is the page's.
    const parts = page.getByTestId('signing-in-as').locator('bdi');
    await expect.poll(() => parts.first().textContent()).toBe('+1 650 555 0100');
    expect(await drawn(parts.first())).toEqual({
      direction: 'ltr',
      unicodeBidi: 'isolate',
      text: '+1 650 555 0100',
      leftToRight: '+16505550100',
    });
    expect(await drawn(parts.nth(1))).toEqual({
      direction: 'ltr',
      unicodeBidi: 'isolate',
      text: '101',
      leftToRight: '101',
    });
  });

  it("the account picker's masked number and the email on the password page", async () => {
    // A remembered number account, then the picker in rc_XX.
    const { page } = await openSignIn();
    await page.getByRole('checkbox', { name: 'Remember me' }).check();
    await enterCredential(page, `${demo.ada.phone} ext ${demo.ada.extension}`);
    await enterPassword(page, demo.ada.password);
    await page.waitForURL(/#\/consent$/);
    const partner = await createPartner(harness().origin);
    partner.authorizationUrl.searchParams.set('prompt', 'select_account');
    partner.authorizationUrl.searchParams.set('ui_locales', 'en-XB');
    await page.goto(partner.authorizationUrl.href);
    await page.waitForURL(/#\/selectAccount$/);
    const masked = page.locator('[data-screen="selectAccount"] li bdi').first();
    await masked.waitFor();
    const row = await drawn(masked);
    expect(row.text).toMatch(/^\*{6}/);
    expect(row).toEqual({
      direction: 'ltr',
      unicodeBidi: 'isolate',
      text: row.text,
      leftToRight: row.text.replace(/\s/g, ''),
    });
    // The row's avatar is a disc with the account's initial, never a wide logo squeezed into a
    // square (issue 34).
    const avatar = page.locator('[data-screen="selectAccount"] li [data-testid="account-avatar"]').first();
    const box = await avatar.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(24);
    expect(box?.width).toBe(box?.height);
    expect(await avatar.textContent()).toMatch(/^\p{Lu}$/u);
    expect(await page.locator('[data-screen="selectAccount"] li img').count()).toBe(0);

    const { page: emailPage } = await openSignIn({ ui_locales: 'en-XB' });
    await submitCredential(emailPage, demo.ada.email);
    await emailPage.waitForURL(/#\/enterPassword\/email\//);
    expect(await drawn(emailPage.getByTestId('signing-in-as').locator('bdi'))).toMatchObject({
      direction: 'ltr',
      text: demo.ada.email,
      leftToRight: demo.ada.email,
    });
  });
});

describe("the password page's Change button never breaks inside its word", () => {
  /** The lines the button's text is drawn on (distinct tops of its text's boxes). */
  const linesOf = (button: Locator) =>
    button.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });

  it.each([
    ['en-US', 320],
    ['de-DE', 320],
    ['pl-PL', 320],
    ['ja-JP', 320],
    ['fr-CA', 320],
    ['en-XB', 320],
    ['en-XA', 320],
  ])('in %s at %i px', async (tag, width) => {
    const { page } = await openSignIn({ ui_locales: tag }, { viewport: { width, height: 800 } });
    await submitCredential(page, demo.ada.email);
    await page.waitForURL(/#\/enterPassword\//);
    const change = page.locator('[data-screen="enterPassword"] > div > button').first();
    await change.waitFor();
    expect(await linesOf(change)).toBe(1);
    // The id beside it may wrap anywhere, and nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});

describe('forced colours and reduced motion', () => {
  it('under forced colours the primary button keeps a drawn edge, as do the field and the focus ring', async () => {
    const { page } = await openSignIn();
    await page.emulateMedia({ forcedColors: 'active' });
    expect(await page.evaluate(() => matchMedia('(forced-colors: active)').matches)).toBe(true);
    const edge = (locator: Locator) =>
      locator.evaluate((element) => {
        const style = getComputedStyle(element);
        return { width: Number.parseFloat(style.borderTopWidth), style: style.borderTopStyle };
      });
    const next = page.getByRole('button', { name: 'Next' });
    expect(await edge(next)).toEqual({ width: 1, style: 'solid' });
    const field = page.getByLabel('Email or phone number');
    expect((await edge(field)).width).toBeGreaterThan(0);
    await page.keyboard.press('Tab'); // the focus ring shows for keyboard focus
    await field.focus();
    const ring = await field.evaluate((element) => {
      const style = getComputedStyle(element);
      return { width: Number.parseFloat(style.outlineWidth), style: style.outlineStyle };
    });
    expect(ring.width).toBeGreaterThan(0);
    expect(ring.style).toBe('solid');
    // The password page's Sign in, the same class: an edge in every primary button.
    await enterCredential(page, demo.ada.email);
    const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
    await signIn.waitFor();
    expect(await edge(signIn)).toEqual({ width: 1, style: 'solid' });
  });

  it('under reduced motion the loading indicator does not turn', async () => {
    const { page } = await openSignIn();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const release = await holdRequests(page, '**/api/login-info**');
    await enterCredential(page, demo.ada.email);
    const spinner = page.locator('[role="status"] > [aria-hidden="true"]').first();
    await spinner.waitFor();
    const motion = () =>
      spinner.evaluate((element) => {
        const name = getComputedStyle(element).animationName;
        // The keyframes the animation runs, read from the style sheets.
        const keyframes = [...document.styleSheets]
          .flatMap((sheet) => [...sheet.cssRules])
          .filter((rule): rule is CSSKeyframesRule => rule instanceof CSSKeyframesRule && rule.name === name)
          .map((rule) => rule.cssText);
        return { name, keyframes: keyframes.join('') };
      });
    const reduced = await motion();
    // A slow fade says it is still working; nothing rotates.
    expect(reduced.keyframes).toMatch(/opacity/);
    expect(reduced.keyframes).not.toMatch(/rotate|transform/);
    // Without the preference it turns: the check tells the two apart.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect((await motion()).keyframes).toMatch(/rotate/);
    release();
    await page.waitForURL(/#\/enterPassword\//);
  });
});
