import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  AUTHORIZE,
  createPartner,
  demo,
  enterCredential,
  enterPassword,
  harnessPerFile,
  holdRequests,
  settledScreen,
} from './harness.ts';

/*
 * Windows contrast themes and reduced motion, by emulation, over the main pages (docs/architecture.md
 * "Forced colours and reduced motion"). Under `forced-colors: active` the browser replaces the page's
 * colours with the theme's few and drops backgrounds and shadows, so whatever told a control, a choice
 * or an error apart by colour alone is gone: every control must keep a drawn edge (a border or an
 * outline; links and link-styled buttons their underline, in the theme's link colour), disabled ones
 * the theme's GrayText, focus rings must be outlines, the selected option must stand out, an invalid
 * field must differ by its border's style and the spinner must still be seen to turn. Under
 * `prefers-reduced-motion: reduce` nothing moves: no transition or animation longer than 0.01 s, but
 * the loading indicator's slow fade, which changes opacity only.
 */
const harness = harnessPerFile();

/** What is wrong with the page's visible controls under forced colours (empty when nothing is). */
function auditControls(page: Page) {
  return page.evaluate(() => {
    const probe = document.createElement('span');
    document.body.append(probe);
    const systemColour = (name: string) => {
      probe.style.color = name;
      return getComputedStyle(probe).color;
    };
    const linkText = systemColour('LinkText');
    const grayText = systemColour('GrayText');
    probe.remove();
    const transparent = (colour: string) => colour === 'transparent' || /rgba\(.*,\s*0\)$/.test(colour);
    const drawn = (style: string, width: string, colour: string) =>
      style !== 'none' && style !== 'hidden' && Number.parseFloat(width) > 0 && !transparent(colour);
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(element.textContent ?? element.getAttribute('aria-label') ?? '').trim().slice(0, 40)}"`;

    const problems: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      // A listbox is one control with an edge; its selected option is checked on its own.
      'button, input:not([type="hidden"]), select, textarea, a[href], [role="listbox"], [role="button"]',
    );
    let audited = 0;
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      // Drawn controls only: not the visually hidden, not what a closed disclosure hides.
      if (box.width <= 1 || box.height <= 1 || style.visibility !== 'visible') continue;
      audited += 1;
      const disabled = control.matches(':disabled, [aria-disabled="true"]');
      if (control.matches('input[type="checkbox"], input[type="radio"]')) {
        // The system draws native boxes and dots in the theme's colours; a custom one would not be.
        if (style.appearance === 'none') problems.push(`${name(control)}: a custom checkbox or radio`);
        continue;
      }
      const bordered = ['Top', 'Right', 'Bottom', 'Left'].every((side) =>
        drawn(
          style.getPropertyValue(`border-${side.toLowerCase()}-style`),
          style.getPropertyValue(`border-${side.toLowerCase()}-width`),
          style.getPropertyValue(`border-${side.toLowerCase()}-color`),
        ),
      );
      const outlined = drawn(style.outlineStyle, style.outlineWidth, style.outlineColor);
      const underlined = style.textDecorationLine.includes('underline');
      if (disabled) {
        if (style.color !== grayText)
          problems.push(`${name(control)}: disabled but ${style.color}, not GrayText`);
      } else if (!bordered && !outlined) {
        // A link, or a button drawn as one, keeps its underline and the theme's link colour.
        if (!underlined) problems.push(`${name(control)}: no border, outline or underline`);
        else if (style.color !== linkText)
          problems.push(`${name(control)}: underlined in ${style.color}, not LinkText`);
      }
    }
    return { audited, problems };
  });
}

/** Each visible control's focus ring, with the keyboard's focus: an outline, drawn, never a shadow alone. */
async function auditFocusRings(page: Page) {
  // A key press first: programmatic focus then shows the ring as keyboard focus does.
  await page.keyboard.press('Shift');
  return page.evaluate(() => {
    const problems: string[] = [];
    const focusable = document.querySelectorAll<HTMLElement>(
      'main button:not(:disabled), main input:not([type="hidden"]):not(:disabled), main select, main a[href], footer button, footer a[href]',
    );
    let audited = 0;
    for (const control of focusable) {
      const box = control.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      control.focus();
      if (document.activeElement !== control) continue;
      audited += 1;
      const style = getComputedStyle(control);
      const ring = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 1;
      if (!ring || !control.matches(':focus-visible'))
        problems.push(
          `${control.tagName.toLowerCase()} "${(control.textContent ?? '').trim().slice(0, 40)}": no outline focus ring`,
        );
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return { audited, problems };
  });
}

/** Animations running longer than 0.01 s, and transitions set longer (the fade of opacity alone excepted). */
function auditMotion(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const animation of document.getAnimations()) {
      const effect = animation.effect as KeyframeEffect | null;
      const timing = effect?.getComputedTiming();
      const duration = Number(timing?.duration ?? 0);
      if (animation.playState !== 'running' || duration <= 10) continue;
      const moved = (effect?.getKeyframes() ?? []).flatMap((frame) =>
        Object.keys(frame).filter(
          (key) => !['offset', 'easing', 'composite', 'computedOffset', 'opacity'].includes(key),
        ),
      );
      if (moved.length > 0)
        problems.push(
          `${(animation as CSSAnimation).animationName ?? 'animation'} runs ${duration} ms on ${moved.join(', ')}`,
        );
    }
    for (const element of document.querySelectorAll('*')) {
      const style = getComputedStyle(element);
      const longest = Math.max(
        ...style.transitionDuration.split(',').map((value) => Number.parseFloat(value) || 0),
      );
      if (longest > 0.01)
        problems.push(`${element.tagName.toLowerCase()}.${element.className}: a ${longest} s transition`);
    }
    return problems;
  });
}

/** Every check on the page as it is now: the controls, the focus rings and motion. */
async function auditPage(page: Page, label: string) {
  await settledScreen(page).waitFor();
  const controls = await auditControls(page);
  expect(controls.problems, `controls on ${label}`).toEqual([]);
  expect(controls.audited, `controls audited on ${label}`).toBeGreaterThan(0);
  const rings = await auditFocusRings(page);
  expect(rings.problems, `focus rings on ${label}`).toEqual([]);
  expect(rings.audited, `focus rings audited on ${label}`).toBeGreaterThan(0);
  expect(await auditMotion(page), `motion on ${label}`).toEqual([]);
}

async function openSignIn(params: Record<string, string> = {}) {
  const partner = await createPartner(harness().origin);
  for (const [name, value] of Object.entries(params)) partner.authorizationUrl.searchParams.set(name, value);
  const { page } = await harness().newPage();
  await page.emulateMedia({ forcedColors: 'active', reducedMotion: 'reduce' });
  await page.goto(partner.authorizationUrl.href);
  await page.waitForURL(/#\/enterCredential$/);
  await page.locator('main#main:not([aria-busy]) [data-screen="enterCredential"]').waitFor();
  expect(await page.evaluate(() => matchMedia('(forced-colors: active)').matches)).toBe(true);
  expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
  return { page, partner };
}

describe('forced colours and reduced motion over the main pages', () => {
  it('the credential page, its error state and the language list', async () => {
    const { page } = await openSignIn();
    await auditPage(page, 'the credential page');

    // An invalid field differs from a valid one by its border's style or width, not by colour alone.
    const edge = (selector: string) =>
      page.locator(selector).evaluate((element) => {
        const style = getComputedStyle(element);
        return `${style.borderTopStyle} ${style.borderTopWidth}`;
      });
    const valid = await edge('input[name="credential"]');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.locator('input[name="credential"][aria-invalid="true"]').waitFor();
    expect(await edge('input[name="credential"]')).not.toBe(valid);
    await auditPage(page, 'the credential page with an error');

    await page.locator('footer button[aria-haspopup="listbox"]').click();
    const list = page.getByRole('listbox');
    await list.waitFor();
    const backgrounds = await list.evaluate((element) =>
      [...element.querySelectorAll('[role="option"]')].map((option) => ({
        selected: option.getAttribute('aria-selected') === 'true',
        background: getComputedStyle(option).backgroundColor,
        colour: getComputedStyle(option).color,
      })),
    );
    const selected = backgrounds.filter((option) => option.selected);
    const others = backgrounds.filter((option) => !option.selected);
    expect(selected).toHaveLength(1);
    expect(others.length).toBeGreaterThan(0);
    // The language in force stands out by the theme's selection colours, not by weight alone.
    for (const other of others) {
      expect(other.background).not.toBe(selected[0]?.background);
      expect(other.colour).not.toBe(selected[0]?.colour);
    }
    const controls = await auditControls(page);
    expect(controls.problems, 'controls with the language list open').toEqual([]);
    expect(await auditMotion(page)).toEqual([]);
  });

  it('the loading indicator turns visibly under forced colours, and only fades under reduced motion', async () => {
    const { page } = await openSignIn();
    const release = await holdRequests(page, '**/api/login-info**');
    await enterCredential(page, demo.ada.email);
    const spinner = page.locator('[role="status"] > [aria-hidden="true"]').first();
    await spinner.waitFor();
    // Its turning edge keeps a colour of its own (the theme would otherwise paint the whole ring alike).
    const ring = await spinner.evaluate((element) => {
      const style = getComputedStyle(element);
      return { top: style.borderTopColor, right: style.borderRightColor, width: style.borderTopWidth };
    });
    expect(Number.parseFloat(ring.width)).toBeGreaterThan(0);
    expect(ring.top).not.toBe(ring.right);
    expect(await auditMotion(page)).toEqual([]);
    // Without the preference it turns, and the motion check says so: the check can tell them apart.
    await page.emulateMedia({ forcedColors: 'active', reducedMotion: 'no-preference' });
    expect((await auditMotion(page)).join()).toMatch(/transform/);
    release();
    await page.waitForURL(/#\/enterPassword\//);
  });

  it('the password page, consent and the account picker', async () => {
    const { page } = await openSignIn();
    await page.getByRole('checkbox', { name: 'Remember me' }).check();
    await enterCredential(page, demo.ada.email);
    await page.waitForURL(/#\/enterPassword\//);
    await auditPage(page, 'the password page');
    await enterPassword(page, demo.ada.password);
    await page.waitForURL(/#\/consent$/);
    await auditPage(page, 'the consent page');

    const partner = await createPartner(harness().origin);
    partner.authorizationUrl.searchParams.set('prompt', 'select_account');
    await page.goto(partner.authorizationUrl.href);
    await page.waitForURL(/#\/selectAccount$/);
    await auditPage(page, 'the account picker');
  });

  it('the two-factor options and the code page (mfa@)', async () => {
    const { page } = await openSignIn();
    await enterCredential(page, 'mfa@example.com');
    await enterPassword(page, demo.ada.password);
    await page.waitForURL(/#\/consent$/);
    await page.getByRole('button', { name: AUTHORIZE }).click();
    await page.waitForURL(/#\/twoFactor\/options$/);
    await auditPage(page, 'the two-factor options');
    await page.getByRole('button', { name: /Email me/ }).click();
    await page.waitForURL(/#\/twoFactor\/verify\/Email\//);
    // Send a new code is disabled while it waits: GrayText, which the audit checks.
    await auditPage(page, 'the code page');
  });
});
