import logo from '../assets/brand-2000.svg';
import logoOnDark from '../assets/brand-2000-dark.svg';
import type { BrandTokens } from '../tokens.ts';

/** US brand; support from the fictional NANP 555-01xx block. Fictional; mirrors server/db/seed-brands.ts. */
export const brand2000: BrandTokens = {
  brandId: '2000',
  displayName: 'Cindervale Telecom',
  shortDisplayName: 'Cindervale',
  logo: { src: logo, width: 220, height: 40 },
  logoOnDark: { src: logoOnDark, width: 220, height: 40 },
  launchYear: 2010,
  supportPhone: '+18885550120',
  links: {
    legal: 'https://cindervale.example.com/legal',
    privacy: 'https://cindervale.example.com/privacy',
    terms: 'https://cindervale.example.com/terms',
  },
  theme: {
    colours: {
      brand: '#1C825D',
      brandHover: '#145D42',
      onBrand: '#FFFFFF',
      background: '#F5FAF8',
      surface: '#FFFFFF',
      text: '#153228',
      textMuted: '#556D64',
      border: '#738C83',
      focusRing: '#144A8F',
      error: '#B42318',
      errorSurface: '#FEF3F2',
      success: '#067647',
      link: '#1B7E5A',
    },
    fonts: {
      body: "'Segoe UI', 'Helvetica Neue', Arial, sans-serif",
      heading: "Georgia, 'Times New Roman', serif",
    },
    radii: { s: '2px', m: '4px', l: '8px' },
  },
};

export default brand2000;
