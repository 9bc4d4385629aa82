import { useId, useRef } from 'react';
import { phishingNoticeOf } from '../../brand/lists.ts';
import type { BrandTokens } from '../../brand/tokens.ts';
import { Msg } from '../../i18n/Msg.tsx';
import * as styles from './PhishingDialog.css.ts';

/**
 * The 'Protect yourself from phishing' opener and its modal notice (spec §2). The opener performs an
 * action rather than navigating, so it is a button that looks like the footer's links. The native
 * modal dialog traps focus and closes on Escape; closing returns focus to the opener.
 */
export function PhishingDialog({ brand }: { brand: BrandTokens }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  return (
    <>
      <button
        ref={openerRef}
        type="button"
        className={styles.opener}
        aria-haspopup="dialog"
        onClick={() => dialogRef.current?.showModal()}
      >
        <Msg id="phishing.open" />
      </button>
      <dialog
        ref={dialogRef}
        className={styles.dialog}
        aria-labelledby={titleId}
        onClose={() => openerRef.current?.focus()}
      >
        <h2 id={titleId} className={styles.title}>
          <Msg id="phishing.title" />
        </h2>
        <p className={styles.notice}>
          <Msg id={phishingNoticeOf(brand.brandId)} values={{ brandName: brand.displayName }} />
        </p>
        <button type="button" className={styles.close} onClick={() => dialogRef.current?.close()}>
          <Msg id="phishing.close" />
        </button>
      </dialog>
    </>
  );
}
