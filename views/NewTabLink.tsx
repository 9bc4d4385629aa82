import type { ReactNode } from 'react';
import { Msg } from '../i18n/Msg.tsx';
import { visuallyHidden } from './frame/a11y.css.ts';

/** A link that opens in a new tab and says so to screen readers (the page itself stays put). */
export function NewTabLink({
  href,
  className,
  children,
}: {
  href: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer">
      {children}{' '}
      <span className={visuallyHidden}>
        <Msg id="footer.opensInNewTab" />
      </span>
    </a>
  );
}
