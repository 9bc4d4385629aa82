import { useEffect } from 'react';

/**
 * WCAG 2.4.3: arriving at a route puts the focus in its page. Keyed on the route and run for every
 * routed screen in one place (views/useHashSync.ts HashSync), so no screen can forget it. A page whose
 * purpose is to type has focused its first field itself (autoFocus, or the credential page's own frame)
 * and keeps it; on any other page the h1 takes it, made focusable from script (tabIndex -1) so a screen
 * reader reads it, instead of the focus staying on <body> or on a control the page before left behind.
 *
 * It looks in the frame after the page is inserted, not inside React's commit (focusing lays the page
 * out at once, inside that long task), and again each frame until the h1 is in: a screen in a chunk of
 * its own shows the loading indicator, with no h1, until its chunk arrives. One query a frame for that
 * moment is less code in the first screen than watching the page's mutations.
 */
export function useFocusOnArrival(route: string | undefined): void {
  useEffect(() => {
    if (!route) return;
    // Where the focus was when the route changed: still there (or fallen to <body>) means nobody has
    // moved it since, so the page takes it; moved by the person meanwhile, it stays where they put it.
    const before = document.activeElement;
    let frame = requestAnimationFrame(function settle() {
      const heading = document.querySelector<HTMLElement>('main h1');
      const active = document.activeElement;
      if (!heading) frame = requestAnimationFrame(settle);
      else if ((active === before || active === document.body) && !active?.matches('input,footer *')) {
        heading.tabIndex = -1;
        heading.focus();
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [route]);
}
