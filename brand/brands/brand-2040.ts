import logo from '../assets/brand-2040.svg';
import logoOnDark from '../assets/brand-2040-dark.svg';
import type { BrandTokens } from '../tokens.ts';

/** US brand; support from the fictional NANP 555-01xx block. Fictional; mirrors server/db/seed-brands.ts. */
export const brand2040: BrandTokens = {
  brandId: '2040',
  displayName: 'Hollowmere Comms',
  shortDisplayName: 'Hollowmere',
  logo: { src: logo, width: 218, height: 40 },
  logoOnDark: { src: logoOnDark, width: 218, height: 40 },
  launchYear: 2015,
  supportPhone: '+18885550124',
  links: {
    legal: 'https://hollowmere.example.com/legal',
    privacy: 'https://hollowmere.example.com/privacy',
    terms: 'https://hollowmere.example.com/terms',
  },
  theme: {
    colours: {
      brand: '#BB1B3B',
      brandHover: '#620E1F',
      onBrand: '#FFFFFF',
      background: '#FAF5F6',
      surface: '#FFFFFF',
      text: '#32151B',
      textMuted: '#6D555A',
      border: '#8C7378',
      focusRing: '#147E8F',
      error: '#B42318',
      errorSurface: '#FEF3F2',
      success: '#067647',
      link: '#AA1835',
    },
    fonts: {
      body: "'Segoe UI', 'Helvetica Neue', Arial, sans-serif",
      heading: "Georgia, 'Times New Roman', serif",
    },
    radii: { s: '2px', m: '4px', l: '8px' },
  },
};

export default brand2040;
