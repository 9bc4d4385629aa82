import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { focusedNow, footerOf, layoutIssues, targetIssues } from './wcag.checks.ts';

/**
 * WCAG 2.2 AA checks axe cannot make, run on a settled page of the SPA (test/browser/wcag*.test.ts,
 * docs/accessibility.md): the page set to each zoom and spacing, the keyboard walked, the in-page
 * checks of wcag.checks.ts run. Findings are collected, not thrown, so a tour of several pages
 * reports every defect at once.
 */

/**
 * A desktop browser at 400 % and 200 % zoom on a 1280 × 1024 screen: its CSS viewport is 320 × 256 and
 * 640 × 512 px, its media queries see those widths and its text is drawn at two device pixels to the
 * CSS pixel. The tours open their context at the first and resize to the second (the layout follows
 * the width alone: the app picks its mobile layout from the user agent, not the width).
 */
export const ZOOM_400 = { width: 320, height: 256 };
export const ZOOM_200 = { width: 640, height: 512 };
export const zoomedDesktop = { viewport: ZOOM_400, deviceScaleFactor: 2 };

/** The WCAG text-spacing bookmarklet's rules (Understanding 1.4.12), as a user style sheet would add them. */
const TEXT_SPACING = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`;

/** What a tour saw of one page: the checks' findings, its title and the place of its footer's links. */
export interface PageRecord {
  label: string;
  /** The page's route (its hash): a step may show several stages under one title. */
  route: string;
  title: string;
  footer: string[];
  issues: string[];
}

/** The text-spacing style sheet on or off (a constructed sheet: the page's CSP allows CSSOM, not <style>). */
async function setTextSpacing(page: Page, on: boolean) {
  await page.evaluate(
    ([css, enable]) => {
      const holder = globalThis as unknown as { wcagSpacing?: CSSStyleSheet };
      holder.wcagSpacing ??= new CSSStyleSheet();
      holder.wcagSpacing.replaceSync(css);
      const others = document.adoptedStyleSheets.filter((sheet) => sheet !== holder.wcagSpacing);
      document.adoptedStyleSheets = enable ? [...others, holder.wcagSpacing] : others;
    },
    [TEXT_SPACING, on] as const,
  );
  // Two frames: the new styles laid out before anything is measured.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
  );
}

/** Presses `key` until the focus comes back to a control it was on (or leaves them), checking each. */
async function walkFocus(page: Page, key: string, width: number): Promise<string[]> {
  const issues: string[] = [];
  for (let step = 0; step < 80; step += 1) {
    const now = await page.evaluate(focusedNow);
    if (now.done) return issues;
    if (now.issue) issues.push(`${width} px: ${now.issue}`);
    await page.keyboard.press(key);
  }
  return [...issues, `${width} px: ${key} never came back to where it started`];
}

/**
 * 2.4.11 focus not obscured (minimum): Tab from the top of the page through every control; each, once
 * the browser has scrolled it into view, is inside the viewport and not covered (no footer, toast,
 * overlay or open list drawn over it).
 */
async function focusIssues(page: Page, width: number): Promise<string[]> {
  await page.evaluate(() => {
    (globalThis as unknown as { wcagSeen: Element[] }).wcagSeen = [];
    // The sequential focus navigation starting point back at the top of the document, or of the
    // modal dialog open over it (the rest of the page is inert then).
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    const start = document.querySelector<HTMLElement>('dialog[open]') ?? document.body;
    const tabIndex = start.getAttribute('tabindex');
    start.tabIndex = -1;
    start.focus({ preventScroll: true });
    if (tabIndex === null) start.removeAttribute('tabindex');
    else start.setAttribute('tabindex', tabIndex);
    window.scrollTo(0, 0);
  });
  await page.keyboard.press('Tab');
  return walkFocus(page, 'Tab', width);
}

/**
 * The open language list (the footer's popup) at 400 % zoom: it reflows and keeps its text with the
 * text-spacing style sheet too (1.4.10, 1.4.12), and each language the arrow keys reach is in view and
 * not covered (2.4.11). The list is opened from its button and closed with Escape.
 */
export async function languageListIssues(page: Page): Promise<string[]> {
  await page.setViewportSize(ZOOM_400);
  await page.locator('#language').focus();
  await page.keyboard.press('Enter');
  await page.locator('[role="listbox"]').waitFor();
  const issues = await page.evaluate(layoutIssues);
  await setTextSpacing(page, true);
  issues.push(...(await page.evaluate(layoutIssues)).map((issue) => `text spacing: ${issue}`));
  await setTextSpacing(page, false);
  await page.keyboard.press('Home');
  await page.evaluate(() => {
    (globalThis as unknown as { wcagSeen: Element[] }).wcagSeen = [];
  });
  issues.push(...(await walkFocus(page, 'ArrowDown', ZOOM_400.width)));
  await page.keyboard.press('Escape');
  await page.locator('[role="listbox"]').waitFor({ state: 'detached' });
  return issues.map((issue) => `language list: ${issue}`);
}

/**
 * Every check of the page as it is now: reflow and targets at 400 % zoom, text spacing there too,
 * focus not obscured at 400 % and 200 %. Leaves the page at 200 %.
 */
export async function auditPage(page: Page, label: string): Promise<PageRecord> {
  await page.locator('main#main:not([aria-busy]) [data-screen]').first().waitFor();
  await page.setViewportSize(ZOOM_400);
  const issues = [...(await page.evaluate(layoutIssues))];
  issues.push(...(await page.evaluate(targetIssues)));
  issues.push(...(await focusIssues(page, ZOOM_400.width)));
  await setTextSpacing(page, true);
  issues.push(...(await page.evaluate(layoutIssues)).map((issue) => `text spacing: ${issue}`));
  await setTextSpacing(page, false);
  await page.setViewportSize(ZOOM_200);
  issues.push(...(await page.evaluate(layoutIssues)).map((issue) => `200 %: ${issue}`));
  issues.push(...(await focusIssues(page, ZOOM_200.width)));
  const [title, footer] = await Promise.all([page.title(), page.evaluate(footerOf)]);
  const route = new URL(page.url()).hash;
  return { label, route, title, footer, issues: issues.map((issue) => `${label}: ${issue}`) };
}

/** A field of the page: its name, its autocomplete token and whether a paste into it was cancelled. */
export interface FieldRecord {
  field: string;
  autocomplete: string;
  pasteCancelled: boolean;
}

/**
 * 3.3.8 and 1.3.5: every text, password, email, number and telephone field, list and text area of
 * the page with its autocomplete token; a paste (its clipboard event and its beforeinput) is
 * dispatched to each as the browser would, and no handler may cancel it.
 */
export function fieldsOf(page: Page): Promise<FieldRecord[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
        'main input, main select, main textarea',
      ),
    ]
      .filter((field) => !['hidden', 'checkbox', 'radio', 'submit', 'button'].includes(field.type))
      .filter((field) => !field.hidden && field.getClientRects().length > 0)
      .map((field) => {
        const data = new DataTransfer();
        data.setData('text/plain', '123456');
        const paste = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
        const input = new InputEvent('beforeinput', {
          inputType: 'insertFromPaste',
          data: '123456',
          bubbles: true,
          cancelable: true,
        });
        const pasteCancelled =
          field instanceof HTMLSelectElement
            ? false
            : !field.dispatchEvent(paste) || !field.dispatchEvent(input);
        return { field: field.name || field.id, autocomplete: field.autocomplete, pasteCancelled };
      }),
  );
}

/**
 * The pages a test visits, each audited (auditPage) with the fields it must have: the field's name →
 * its autocomplete token, every field of the page listed. At the end every page must be clean, titled
 * (a title of its own in the tour) and framed by the same footer, after its main content (3.2.6).
 */
export function tour(page: Page) {
  const records: PageRecord[] = [];
  return {
    records,
    async visit(label: string, fields: Record<string, string> = {}) {
      const record = await auditPage(page, label);
      const found = await fieldsOf(page);
      const tokens = Object.fromEntries(found.map((field) => [field.field, field.autocomplete]));
      if (JSON.stringify(tokens) !== JSON.stringify(fields))
        record.issues.push(`${label}: fields ${JSON.stringify(tokens)}, expected ${JSON.stringify(fields)}`);
      for (const field of found)
        if (field.pasteCancelled) record.issues.push(`${label}: a paste into ${field.field} is cancelled`);
      records.push(record);
      return record;
    },
    expectClean() {
      expect(records.flatMap((record) => record.issues)).toEqual([]);
      const titles = new Map(records.map((record) => [record.route, record.title]));
      const shown = [...titles.values()];
      expect(
        shown.every((title) => title.trim().length > 0),
        shown.join(' | '),
      ).toBe(true);
      expect(new Set(shown).size, shown.join(' | ')).toBe(shown.length);
      const first = records[0]?.footer ?? [];
      expect(first[0]).toBe('after main');
      for (const record of records) expect(record.footer, record.label).toEqual(first);
    },
  };
}

/**
 * 3.3.8: a real paste, with the keyboard, into a field: the clipboard is filled by a copy (Ctrl+C on
 * the page's heading, its copy event given the text), then Ctrl+A and Ctrl+V in the field.
 */
export async function pasteInto(page: Page, selector: string, text: string): Promise<string> {
  await page.evaluate((value) => {
    document.addEventListener(
      'copy',
      (event) => {
        event.clipboardData?.setData('text/plain', value);
        event.preventDefault();
      },
      { once: true },
    );
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    const heading = document.querySelector('main h1');
    if (heading) getSelection()?.selectAllChildren(heading);
  }, text);
  await page.keyboard.press('ControlOrMeta+C');
  const field = page.locator(selector);
  await field.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
  return field.inputValue();
}
