import logo from '../assets/brand-3000.svg';
import logoOnDark from '../assets/brand-3000-dark.svg';
import type { BrandTokens } from '../tokens.ts';

/** US brand; support from the fictional NANP 555-01xx block. Fictional; mirrors server/db/seed-brands.ts. */
export const brand3000: BrandTokens = {
  brandId: '3000',
  displayName: 'Corvantis Cloud Phone',
  shortDisplayName: 'Corvantis',
  logo: { src: logo, width: 242, height: 40 },
  logoOnDark: { src: logoOnDark, width: 242, height: 40 },
  launchYear: 2008,
  supportPhone: '+18885550130',
  links: {
    legal: 'https://corvantis.example.com/legal',
    privacy: 'https://corvantis.example.com/privacy',
    terms: 'https://corvantis.example.com/terms',
  },
  theme: {
    colours: {
      brand: '#986C16',
      brandHover: '#62460E',
      onBrand: '#FFFFFF',
      background: '#FAF8F5',
      surface: '#FFFFFF',
      text: '#322815',
      textMuted: '#6D6555',
      border: '#8C8473',
      focusRing: '#14148F',
      error: '#B42318',
      errorSurface: '#FEF3F2',
      success: '#067647',
      link: '#8F6614',
    },
    fonts: {
      body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
      heading: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    },
    radii: { s: '4px', m: '8px', l: '16px' },
  },
};

export default brand3000;
