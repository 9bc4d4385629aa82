import type { BrandTokens } from '../../brand/tokens.ts';
import * as styles from './Frame.css.ts';

type BrandLogoProps = {
  brand: Pick<BrandTokens, 'logo' | 'logoOnDark'>;
  /** The page's palette is dark (theme.scheme), so the logo with light lettering is the one to show. */
  onDark: boolean;
  className: string;
  alt: string;
};

/**
 * A brand's logo for the page's palette. Under forced colours the system's contrast theme replaces the
 * palette's background, so there the logo follows the contrast theme's lightness instead (Chromium and
 * Edge report it as prefers-color-scheme): a light palette under a dark contrast theme still gets the
 * light lettering (docs/logos.md).
 */
export function BrandLogo({ brand, onDark, className, alt }: BrandLogoProps) {
  const { logo, logoOnDark = logo } = brand;
  return (
    <picture className={styles.logoPicture}>
      <source media="(forced-colors: active) and (prefers-color-scheme: dark)" srcSet={logoOnDark.src} />
      <source media="(forced-colors: active)" srcSet={logo.src} />
      <img className={className} {...(onDark ? logoOnDark : logo)} alt={alt} />
    </picture>
  );
}
