import logo from '../assets/brand-3460.svg';
import logoOnDark from '../assets/brand-3460-dark.svg';
import type { BrandTokens } from '../tokens.ts';

/** US brand; support from the fictional NANP 555-01xx block. Fictional; mirrors server/db/seed-brands.ts. */
export const brand3460: BrandTokens = {
  brandId: '3460',
  displayName: 'Pebbleford Voice',
  shortDisplayName: 'Pebbleford',
  logo: { src: logo, width: 198, height: 40 },
  logoOnDark: { src: logoOnDark, width: 198, height: 40 },
  launchYear: 2017,
  supportPhone: '+18885550135',
  links: {
    legal: 'https://pebbleford.example.com/legal',
    privacy: 'https://pebbleford.example.com/privacy',
    terms: 'https://pebbleford.example.com/terms',
  },
  theme: {
    colours: {
      brand: '#B1258E',
      brandHover: '#5D144A',
      onBrand: '#FFFFFF',
      background: '#FAF5F9',
      surface: '#FFFFFF',
      text: '#32152B',
      textMuted: '#6D5567',
      border: '#8C7386',
      focusRing: '#148F5C',
      error: '#B42318',
      errorSurface: '#FEF3F2',
      success: '#067647',
      link: '#A02280',
    },
    fonts: {
      body: "'Helvetica Neue', Arial, sans-serif",
      heading: "'Helvetica Neue', Arial, sans-serif",
    },
    radii: { s: '6px', m: '12px', l: '20px' },
  },
};

export default brand3460;
