import type { LocalesData } from '../../api/contract/config.ts';
import { copyrightYears } from '../../brand/copyright.ts';
import { footerOf } from '../../brand/footer.ts';
import { DEFAULT_BRAND_ID, getBrand } from '../../brand/registry.ts';
import type { BrandTokens } from '../../brand/tokens.ts';
import { Msg, useFormat } from '../../i18n/Msg.tsx';
import { NewTabLink } from '../NewTabLink.tsx';
import { BrandLogo } from './BrandLogo.tsx';
import * as styles from './Footer.css.ts';
import { LanguageSelector } from './LanguageSelector.tsx';
import { PhishingDialog } from './PhishingDialog.tsx';

export type FooterProps = {
  brand: BrandTokens;
  hideTos?: boolean | undefined;
  locales?: LocalesData | undefined;
  onLocaleChange: (localeId: string) => void;
};

/**
 * Brand links (the brand's footer variant), the phishing notice, optional powered-by mark, language
 * selector, copyright.
 */
export function Footer({ brand, hideTos, locales, onLocaleChange }: FooterProps) {
  const format = useFormat();
  const { links, poweredBy } = footerOf(brand.brandId, brand.links);
  // Partner brands are powered by the platform, whose mark is the default brand's.
  const platform = getBrand(DEFAULT_BRAND_ID);
  return (
    <footer className={styles.footer}>
      {!hideTos && links.length > 0 && (
        <nav aria-label={format('footer.navLabel')}>
          <ul className={styles.linkList}>
            {links.map(({ messageId, href }) => (
              <li key={messageId}>
                <NewTabLink className={styles.link} href={href}>
                  <Msg id={messageId} />
                </NewTabLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <PhishingDialog brand={brand} />
      {poweredBy && (
        <p className={styles.poweredBy}>
          <Msg id="footer.poweredBy" />
          <BrandLogo
            brand={platform}
            onDark={brand.theme.scheme === 'dark'}
            className={styles.poweredByLogo}
            alt={platform.displayName}
          />
        </p>
      )}
      {locales && <LanguageSelector locales={locales} onChange={onLocaleChange} />}
      <p className={styles.line}>
        <Msg
          id="footer.copyright"
          values={{ years: copyrightYears(brand.launchYear), brandName: brand.displayName }}
        />
      </p>
    </footer>
  );
}
