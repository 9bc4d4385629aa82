import logo from '../assets/brand-7010.svg';
import logoOnDark from '../assets/brand-7010-dark.svg';
import type { BrandTokens } from '../tokens.ts';

/** US brand; support from the fictional NANP 555-01xx block. Fictional; mirrors server/db/seed-brands.ts. */
export const brand7010: BrandTokens = {
  brandId: '7010',
  displayName: 'Quintarra Calls',
  shortDisplayName: 'Quintarra',
  logo: { src: logo, width: 185, height: 40 },
  logoOnDark: { src: logoOnDark, width: 185, height: 40 },
  launchYear: 2021,
  supportPhone: '+18885550170',
  links: {
    legal: 'https://quintarra.example.com/legal',
    privacy: 'https://quintarra.example.com/privacy',
    terms: 'https://quintarra.example.com/terms',
  },
  theme: {
    colours: {
      brand: '#1C8269',
      brandHover: '#145D4A',
      onBrand: '#FFFFFF',
      background: '#F5FAF9',
      surface: '#FFFFFF',
      text: '#15322B',
      textMuted: '#556D67',
      border: '#738C86',
      focusRing: '#14708F',
      error: '#B42318',
      errorSurface: '#FEF3F2',
      success: '#067647',
      link: '#1B7E65',
    },
    fonts: {
      body: "'Helvetica Neue', Arial, sans-serif",
      heading: "'Helvetica Neue', Arial, sans-serif",
    },
    radii: { s: '6px', m: '12px', l: '20px' },
  },
};

export default brand7010;
