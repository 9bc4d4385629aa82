/**
 * WCAG 2.4.3: a pressed control about to be disabled or removed hands the focus to its page's heading
 * first (focusable from script, tabIndex -1), so it never falls to <body> while the call runs or the
 * step changes; the next page's own field or heading then takes it on arrival (views/RouteFocus.ts).
 */
export function focusHeading(pressed: Element): void {
  pressed.closest('section')?.querySelector<HTMLElement>('h1')?.focus();
}
