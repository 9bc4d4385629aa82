import logo from '../assets/brand-4910.svg';
import logoOnDark from '../assets/brand-4910-dark.svg';
import type { BrandTokens } from '../tokens.ts';

/** US brand; support from the fictional NANP 555-01xx block. Fictional; mirrors server/db/seed-brands.ts. */
export const brand4910: BrandTokens = {
  brandId: '4910',
  displayName: 'Wrenfield Talk',
  shortDisplayName: 'Wrenfield',
  logo: { src: logo, width: 179, height: 40 },
  logoOnDark: { src: logoOnDark, width: 179, height: 40 },
  launchYear: 2020,
  supportPhone: '+18885550149',
  links: {
    legal: 'https://wrenfield.example.com/legal',
    privacy: 'https://wrenfield.example.com/privacy',
    terms: 'https://wrenfield.example.com/terms',
  },
  theme: {
    colours: {
      brand: '#187BA5',
      brandHover: '#0E4962',
      onBrand: '#FFFFFF',
      background: '#F5F8FA',
      surface: '#FFFFFF',
      text: '#152932',
      textMuted: '#55666D',
      border: '#73858C',
      focusRing: '#8F6214',
      error: '#B42318',
      errorSurface: '#FEF3F2',
      success: '#067647',
      link: '#1777A1',
    },
    fonts: {
      body: "'Segoe UI', 'Helvetica Neue', Arial, sans-serif",
      heading: "Georgia, 'Times New Roman', serif",
    },
    radii: { s: '2px', m: '4px', l: '8px' },
  },
};

export default brand4910;
