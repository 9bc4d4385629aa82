/**
 * The WCAG 2.2 checks that run inside the page (passed to page.evaluate, so each is self-contained:
 * no imports, no closures over this module). test/browser/wcag.helpers.ts drives them; each returns
 * what it found wrong, as lines naming the screen, the element and its text.
 */

/**
 * 1.4.10 reflow and 1.4.12 text spacing: nothing scrolls sideways, no box clips its text and no text
 * sticks out of its box. A box that scrolls vertically on purpose (the language list) may; visually
 * hidden text (1 × 1 px, clipped) is meant to be.
 */
export function layoutIssues(): string[] {
  const describe = (element: Element) => {
    const id = element.id ? `#${element.id}` : '';
    const screen = element.closest('[data-screen]')?.getAttribute('data-screen') ?? 'frame';
    const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${screen} ${element.tagName.toLowerCase()}${id} "${text}"`;
  };
  const issues: string[] = [];
  const root = document.scrollingElement ?? document.documentElement;
  if (root.scrollWidth > root.clientWidth)
    issues.push(`the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth} px)`);
  const hidden = (style: CSSStyleDeclaration, rect: DOMRect) =>
    style.visibility === 'hidden' || (rect.width <= 1 && rect.height <= 1) || style.clip !== 'auto';
  for (const element of document.querySelectorAll<HTMLElement>('body *')) {
    if (!(element instanceof HTMLElement) || element.closest('[aria-hidden="true"]')) continue;
    const style = getComputedStyle(element);
    const rect = element.getBoundingClientRect();
    if (style.display === 'none' || hidden(style, rect) || rect.width === 0) continue;
    const clipsX = ['hidden', 'clip'].includes(style.overflowX);
    const clipsY = ['hidden', 'clip'].includes(style.overflowY);
    if (clipsX && element.scrollWidth > element.clientWidth + 1)
      issues.push(`clips its content sideways: ${describe(element)}`);
    if (clipsY && element.scrollHeight > element.clientHeight + 1)
      issues.push(`clips its content below: ${describe(element)}`);
    if (style.overflowX === 'auto' || style.overflowX === 'scroll')
      if (element.scrollWidth > element.clientWidth + 1)
        issues.push(`scrolls sideways: ${describe(element)}`);
    // Its own text drawn outside its box: cut by a parent that clips, or over its neighbours.
    if (style.display === 'inline') continue;
    for (const node of element.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of range.getClientRects()) {
        const outside =
          line.left < rect.left - 1 ||
          line.right > rect.right + 1 ||
          line.top < rect.top - 1 ||
          line.bottom > rect.bottom + 1;
        if (outside) {
          issues.push(`its text leaves its box: ${describe(element)}`);
          break;
        }
      }
    }
  }
  // Anything drawn beyond the viewport's sides is cut, whether or not the page scrolls.
  for (const element of document.querySelectorAll<HTMLElement>('main *, footer *, header *')) {
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    const style = getComputedStyle(element);
    if (hidden(style, rect) || element.closest('[aria-hidden="true"]')) continue;
    if (rect.left < -1 || rect.right > innerWidth + 1)
      issues.push(`drawn beyond the viewport's side: ${describe(element)}`);
  }
  return [...new Set(issues)];
}

/**
 * 2.5.8 target size (minimum): every target at least 24 × 24 CSS px, or a 24 px circle centred on it
 * meets no other target and no other small target's circle (the spacing exception). A link inside a
 * sentence is exempt (the inline exception). A checkbox's or radio's label is part of its target: a
 * press on it works the control.
 */
export function targetIssues(): string[] {
  const selector = [
    'a[href]',
    'button',
    'input:not([type="hidden"])',
    'select',
    'textarea',
    'summary',
    '[role="button"]',
    '[role="link"]',
    '[role="checkbox"]',
    '[role="radio"]',
    '[role="option"]',
    '[tabindex]:not([tabindex="-1"])',
  ].join(',');
  const describe = (element: Element) => {
    const screen = element.closest('[data-screen]')?.getAttribute('data-screen') ?? 'frame';
    const name =
      element.getAttribute('aria-label') ??
      (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${screen} ${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${name}"`;
  };
  const union = (rects: DOMRect[]) => {
    const left = Math.min(...rects.map((r) => r.left));
    const top = Math.min(...rects.map((r) => r.top));
    const right = Math.max(...rects.map((r) => r.right));
    const bottom = Math.max(...rects.map((r) => r.bottom));
    return { left, top, right, bottom, width: right - left, height: bottom - top };
  };
  const inSentence = (element: Element) => {
    if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
    let block = element.parentElement;
    while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
    const own = (element.textContent ?? '').trim();
    return (block?.textContent ?? '').trim().length > own.length;
  };
  const targets = [...document.querySelectorAll<HTMLElement>(selector)].flatMap((element) => {
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    if (style.visibility === 'hidden' || box.width === 0 || box.height === 0) return [];
    if (element.closest('[aria-hidden="true"], [inert]')) return [];
    const labels =
      element instanceof HTMLInputElement && ['checkbox', 'radio'].includes(element.type)
        ? [...(element.labels ?? [])].map((label) => label.getBoundingClientRect())
        : [];
    const rect = union([box, ...labels.filter((label) => label.width > 0)]);
    // A visually hidden control (1 × 1 px) is worked through its label only.
    if (box.width <= 1 && box.height <= 1 && labels.length === 0) return [];
    return [{ element, rect, exempt: inSentence(element) }];
  });
  const small = (rect: { width: number; height: number }) => rect.width < 23.5 || rect.height < 23.5;
  const centre = (rect: { left: number; top: number; width: number; height: number }) => ({
    x: rect.left + rect.width / 2,
    y: rect.top + rect.height / 2,
  });
  const distanceTo = (
    point: { x: number; y: number },
    rect: { left: number; top: number; right: number; bottom: number },
  ) =>
    Math.hypot(
      Math.max(rect.left - point.x, 0, point.x - rect.right),
      Math.max(rect.top - point.y, 0, point.y - rect.bottom),
    );
  const issues: string[] = [];
  for (const target of targets) {
    if (target.exempt || !small(target.rect)) continue;
    const at = centre(target.rect);
    const crowded = targets.find((other) => {
      if (
        other === target ||
        other.element.contains(target.element) ||
        target.element.contains(other.element)
      )
        return false;
      if (distanceTo(at, other.rect) < 11.5) return true;
      if (other.exempt || !small(other.rect)) return false;
      const theirs = centre(other.rect);
      return Math.hypot(at.x - theirs.x, at.y - theirs.y) < 23.5;
    });
    if (crowded)
      issues.push(
        `target ${Math.round(target.rect.width)} × ${Math.round(target.rect.height)} px, too close to ${describe(crowded.element)}: ${describe(target.element)}`,
      );
  }
  return issues;
}

/**
 * Where the focus is now, if not somewhere seen before: nothing when it is inside the viewport and is
 * what a point at its centre hits; otherwise why not. A field whose box is hidden (a styled checkbox)
 * is judged by its label.
 */
export function focusedNow(): { done: boolean; issue?: string } {
  const seenBefore = (globalThis as unknown as { wcagSeen: Element[] }).wcagSeen;
  const element = document.activeElement;
  if (!element || element === document.body || seenBefore.includes(element)) return { done: true };
  seenBefore.push(element);
  const screen = element.closest('[data-screen]')?.getAttribute('data-screen') ?? 'frame';
  const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30);
  const label = `${screen} ${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${name}"`;
  let rect = element.getBoundingClientRect();
  const labels = element instanceof HTMLInputElement ? [...(element.labels ?? [])] : [];
  if (rect.width <= 1 && rect.height <= 1 && labels[0]) rect = labels[0].getBoundingClientRect();
  const fits = rect.height <= innerHeight && rect.width <= innerWidth;
  const inside = fits
    ? rect.top >= -1 && rect.left >= -1 && rect.bottom <= innerHeight + 1 && rect.right <= innerWidth + 1
    : rect.bottom > 0 && rect.top < innerHeight && rect.right > 0 && rect.left < innerWidth;
  if (!inside) return { done: false, issue: `focused outside the viewport: ${label}` };
  const x = Math.min(Math.max(rect.left + rect.width / 2, 0), innerWidth - 1);
  const y = Math.min(Math.max(rect.top + rect.height / 2, 0), innerHeight - 1);
  const hit = document.elementFromPoint(x, y);
  const own =
    hit !== null && (element.contains(hit) || labels.some((one) => one.contains(hit) || hit.contains(one)));
  if (own) return { done: false };
  const cover = hit
    ? `${hit.tagName.toLowerCase()} "${(hit.textContent ?? '').trim().slice(0, 30)}"`
    : 'nothing';
  return { done: false, issue: `focused but covered by ${cover}: ${label}` };
}

/** The footer's links and buttons in order (by href or id), each with its place among the footer's items. */
export function footerOf(): string[] {
  const footer = document.querySelector('footer');
  if (!footer) return ['no footer'];
  const afterMain = document.querySelector('main')?.compareDocumentPosition(footer) ?? 0;
  // An open dialog of the footer's (the phishing notice) is a layer over the page, not the footer.
  const items = [...footer.querySelectorAll('a[href], button')]
    .filter((element) => !element.closest('dialog'))
    .map((element) =>
      element instanceof HTMLAnchorElement
        ? `link ${element.href}`
        : `button ${element.id || element.getAttribute('aria-haspopup') || element.textContent}`,
    );
  return [(afterMain & Node.DOCUMENT_POSITION_FOLLOWING) !== 0 ? 'after main' : 'not after main', ...items];
}
