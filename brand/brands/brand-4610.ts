import logo from '../assets/brand-4610.svg';
import logoOnDark from '../assets/brand-4610-dark.svg';
import type { BrandTokens } from '../tokens.ts';

/** US brand; support from the fictional NANP 555-01xx block. Fictional; mirrors server/db/seed-brands.ts. */
export const brand4610: BrandTokens = {
  brandId: '4610',
  displayName: 'Dovetrail Comms',
  shortDisplayName: 'Dovetrail',
  logo: { src: logo, width: 189, height: 40 },
  logoOnDark: { src: logoOnDark, width: 189, height: 40 },
  launchYear: 2018,
  supportPhone: '+18885550146',
  links: {
    legal: 'https://dovetrail.example.com/legal',
    privacy: 'https://dovetrail.example.com/privacy',
    terms: 'https://dovetrail.example.com/terms',
  },
  theme: {
    colours: {
      brand: '#128141',
      brandHover: '#0E6231',
      onBrand: '#FFFFFF',
      background: '#F5FAF7',
      surface: '#FFFFFF',
      text: '#153221',
      textMuted: '#556D5F',
      border: '#738C7D',
      focusRing: '#2A148F',
      error: '#B42318',
      errorSurface: '#FEF3F2',
      success: '#067647',
      link: '#128141',
    },
    fonts: {
      body: "'Helvetica Neue', Arial, sans-serif",
      heading: "'Helvetica Neue', Arial, sans-serif",
    },
    radii: { s: '6px', m: '12px', l: '20px' },
  },
};

export default brand4610;
