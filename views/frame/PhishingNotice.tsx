import { useEffect, useId, useRef } from 'react';
import { phishingNoticeOf } from '../../brand/phishing.ts';
import type { BrandTokens } from '../../brand/tokens.ts';
import { Msg } from '../../i18n/Msg.tsx';
import * as styles from './PhishingNotice.css.ts';

/**
 * The phishing notice's modal dialog (spec §2), a chunk of its own that PhishingDialog shows when
 * its opener is pressed. It opens as it mounts: the native modal dialog moves focus into itself,
 * traps it and closes on Escape; `onClose` follows however it closed.
 */
export function PhishingNotice({ brand, onClose }: { brand: BrandTokens; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    if (!dialogRef.current?.open) dialogRef.current?.showModal();
  }, []);
  return (
    <dialog ref={dialogRef} className={styles.dialog} aria-labelledby={titleId} onClose={onClose}>
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
  );
}
