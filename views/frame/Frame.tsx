import { type CSSProperties, type MouseEvent, type ReactNode, useRef } from 'react';
import type { LocalesData } from '../../api/contract/config.ts';
import { signUpLinkOf } from '../../brand/lists.ts';
import { themeStyleOf } from '../../brand/runtimeTheme.ts';
import { defaultThemeClass } from '../../brand/themes.css.ts';
import type { BrandTokens } from '../../brand/tokens.ts';
import { Msg } from '../../i18n/Msg.tsx';
import { BrandLogo } from './BrandLogo.tsx';
import { Footer } from './Footer.tsx';
import * as styles from './Frame.css.ts';
import { LoadingIndicator } from './LoadingIndicator.tsx';
import { SignUpHint } from './SignUpHint.tsx';

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
  /**
   * The brand config's sign-up page, passed on the credential and password screens only; the hint
   * shows when the brand is regional (brand/lists.ts).
   */
  signUpUrl?: string | undefined;
  children: ReactNode;
};

/**
 * The page around every screen. Its root carries the default theme class, and a brand with another
 * look overrides the contract's vars on the root through React's style prop (set by CSSOM, which
 * the CSP allows), so switching brand or colour scheme at run time is re-rendering with other tokens;
 * `color-scheme` gives native parts (scrollbars, autofill, date pickers) the palette's lightness.
 */
export function Frame(props: FrameProps) {
  const { brand, layout, hideLogo, busy, toast, banner, children } = props;
  const signUpHref = signUpLinkOf(brand.brandId, props.signUpUrl);
  const mainRef = useRef<HTMLElement>(null);
  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    // Routes live in the hash, so following href="#main" would navigate; move focus instead.
    event.preventDefault();
    mainRef.current?.focus();
  };
  return (
    <div
      className={`${defaultThemeClass} ${styles.root}`}
      style={{ ...themeStyleOf(brand.theme), colorScheme: brand.theme.scheme ?? 'light' } as CSSProperties}
      data-brand={brand.brandId}
      data-layout={layout}
    >
      {/* biome-ignore lint/a11y/useValidAnchor: a real skip link, but routes live in the hash, so it moves focus itself */}
      <a className={styles.skipLink} href="#main" onClick={skipToMain}>
        <Msg id="frame.skipToMain" />
      </a>
      {(!hideLogo || banner) && (
        <header className={styles.header}>
          {!hideLogo && (
            <BrandLogo
              brand={brand}
              onDark={brand.theme.scheme === 'dark'}
              className={styles.logo}
              alt={brand.displayName}
            />
          )}
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
        {signUpHref && <SignUpHint href={signUpHref} />}
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
