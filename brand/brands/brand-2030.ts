import logo from '../assets/brand-2030.svg';
import logoOnDark from '../assets/brand-2030-dark.svg';
import type { BrandTokens } from '../tokens.ts';

/** US brand; support from the fictional NANP 555-01xx block. Fictional; mirrors server/db/seed-brands.ts. */
export const brand2030: BrandTokens = {
  brandId: '2030',
  displayName: 'Tamberlight Office',
  shortDisplayName: 'Tamberlight',
  logo: { src: logo, width: 215, height: 40 },
  logoOnDark: { src: logoOnDark, width: 215, height: 40 },
  launchYear: 2014,
  supportPhone: '+18885550123',
  links: {
    legal: 'https://tamberlight.example.com/legal',
    privacy: 'https://tamberlight.example.com/privacy',
    terms: 'https://tamberlight.example.com/terms',
  },
  theme: {
    colours: {
      brand: '#256BB1',
      brandHover: '#14385D',
      onBrand: '#FFFFFF',
      background: '#F5F7FA',
      surface: '#FFFFFF',
      text: '#152432',
      textMuted: '#55616D',
      border: '#73808C',
      focusRing: '#8F7A14',
      error: '#B42318',
      errorSurface: '#FEF3F2',
      success: '#067647',
      link: '#2261A0',
    },
    fonts: {
      body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
      heading: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    },
    radii: { s: '4px', m: '8px', l: '16px' },
  },
};

export default brand2030;
