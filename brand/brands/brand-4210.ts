import logo from '../assets/brand-4210.svg';
import logoOnDark from '../assets/brand-4210-dark.svg';
import type { BrandTokens } from '../tokens.ts';

/** US brand; support from the fictional NANP 555-01xx block. Fictional; mirrors server/db/seed-brands.ts. */
export const brand4210: BrandTokens = {
  brandId: '4210',
  displayName: 'Larchwick Office',
  shortDisplayName: 'Larchwick',
  logo: { src: logo, width: 198, height: 40 },
  logoOnDark: { src: logoOnDark, width: 198, height: 40 },
  launchYear: 2018,
  supportPhone: '+18885550142',
  links: {
    legal: 'https://larchwick.example.com/legal',
    privacy: 'https://larchwick.example.com/privacy',
    terms: 'https://larchwick.example.com/terms',
  },
  theme: {
    colours: {
      brand: '#B13825',
      brandHover: '#5D1D14',
      onBrand: '#FFFFFF',
      background: '#FAF5F5',
      surface: '#FFFFFF',
      text: '#321915',
      textMuted: '#6D5855',
      border: '#8C7673',
      focusRing: '#14568F',
      error: '#B42318',
      errorSurface: '#FEF3F2',
      success: '#067647',
      link: '#A03322',
    },
    fonts: {
      body: "'Segoe UI', 'Helvetica Neue', Arial, sans-serif",
      heading: "Georgia, 'Times New Roman', serif",
    },
    radii: { s: '2px', m: '4px', l: '8px' },
  },
};

export default brand4210;
