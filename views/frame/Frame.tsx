import { type MouseEvent, type ReactNode, useRef } from 'react';
import type { LocalesData } from '../../api/contract/config.ts';
import { themeClassOf } from '../../brand/registry.ts';
import type { BrandTokens } from '../../brand/tokens.ts';
import { Msg } from '../../i18n/Msg.tsx';
import { Footer } from './Footer.tsx';
import * as styles from './Frame.css.ts';
import { LoadingIndicator } from './LoadingIndicator.tsx';

export type FrameProps = {
  brand: BrandTokens;
  layout: 'desktop' | 'mobile';
  hideLogo?: boolean | undefined;
  hideTos?: boolean | undefined;
  locales?: LocalesData | undefined;
  onLocaleChange: (localeId: string) => void;
  /** Shows the loading indicator over the page and marks main as busy. */
  busy?: boolean | undefined;
  /** Account-locked style messages, announced as an alert. */
  toast?: ReactNode;
  /** Optional banner image above the card. */
  banner?: ReactNode;
  children: ReactNode;
};

/**
 * The page around every screen. It carries the brand's theme class, so switching brand at run time
 * is re-rendering with other tokens: the class changes and every var follows.
 */
export function Frame(props: FrameProps) {
  const { brand, layout, hideLogo, busy, toast, banner, children } = props;
  const mainRef = useRef<HTMLElement>(null);
  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    // Routes live in the hash, so following href="#main" would navigate; move focus instead.
    event.preventDefault();
    mainRef.current?.focus();
  };
  return (
    <div
      className={`${themeClassOf(brand.brandId)} ${styles.root}`}
      data-brand={brand.brandId}
      data-layout={layout}
    >
      {/* biome-ignore lint/a11y/useValidAnchor: a real skip link, but routes live in the hash, so it moves focus itself */}
      <a className={styles.skipLink} href="#main" onClick={skipToMain}>
        <Msg id="frame.skipToMain" />
      </a>
      {(!hideLogo || banner) && (
        <header className={styles.header}>
          {!hideLogo && <img className={styles.logo} src={brand.logo} alt={brand.displayName} />}
          {banner && <div className={styles.banner}>{banner}</div>}
        </header>
      )}
      <main
        id="main"
        ref={mainRef}
        tabIndex={-1}
        aria-busy={busy ? true : undefined}
        className={styles.main[layout]}
      >
        <div role="alert" className={styles.toast}>
          {toast}
        </div>
        {children}
      </main>
      {busy && (
        <div className={styles.busyOverlay}>
          <LoadingIndicator />
        </div>
      )}
      <div className={styles.spacer[layout]} />
      <Footer
        brand={brand}
        hideTos={props.hideTos}
        locales={props.locales}
        onLocaleChange={props.onLocaleChange}
      />
    </div>
  );
}
