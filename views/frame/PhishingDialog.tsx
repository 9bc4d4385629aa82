import { useRef, useState } from 'react';
import type { BrandTokens } from '../../brand/tokens.ts';
import { Msg } from '../../i18n/Msg.tsx';
import { lazyScreen } from '../screens/lazyScreen.tsx';
import * as styles from './PhishingDialog.css.ts';

/** The dialog and its text (the rest message part) are not on the first screen; the idle prefetch loads them. */
export const phishingNotice = lazyScreen(() => import('./PhishingNotice.tsx').then((m) => m.PhishingNotice));

/**
 * The 'Protect yourself from phishing' opener and its modal notice (spec §2). The opener performs an
 * action rather than navigating, so it is a button that looks like the footer's links. A press before
 * the dialog is in shows the loading indicator until it opens, or that it could not load, with Try
 * again, as a lazy screen does. Closing returns focus to the opener.
 */
export function PhishingDialog({ brand }: { brand: BrandTokens }) {
  const openerRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        ref={openerRef}
        type="button"
        className={styles.opener}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <Msg id="phishing.open" />
      </button>
      {open && (
        <phishingNotice.View
          brand={brand}
          onClose={() => {
            setOpen(false);
            openerRef.current?.focus();
          }}
        />
      )}
    </>
  );
}
