import logo from '../assets/brand-2110.svg';
import logoOnDark from '../assets/brand-2110-dark.svg';
import type { BrandTokens } from '../tokens.ts';

/** US brand; support from the fictional NANP 555-01xx block. Fictional; mirrors server/db/seed-brands.ts. */
export const brand2110: BrandTokens = {
  brandId: '2110',
  displayName: 'Fenwright Connect',
  shortDisplayName: 'Fenwright',
  logo: { src: logo, width: 215, height: 40 },
  logoOnDark: { src: logoOnDark, width: 215, height: 40 },
  launchYear: 2011,
  supportPhone: '+18885550121',
  links: {
    legal: 'https://fenwright.example.com/legal',
    privacy: 'https://fenwright.example.com/privacy',
    terms: 'https://fenwright.example.com/terms',
  },
  theme: {
    colours: {
      brand: '#26822E',
      brandHover: '#19571E',
      onBrand: '#FFFFFF',
      background: '#F5FAF5',
      surface: '#FFFFFF',
      text: '#153218',
      textMuted: '#556D57',
      border: '#738C75',
      focusRing: '#8F145C',
      error: '#B42318',
      errorSurface: '#FEF3F2',
      success: '#067647',
      link: '#257E2C',
    },
    fonts: {
      body: "'Helvetica Neue', Arial, sans-serif",
      heading: "'Helvetica Neue', Arial, sans-serif",
    },
    radii: { s: '6px', m: '12px', l: '20px' },
  },
};

export default brand2110;
