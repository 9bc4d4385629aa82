import logo from '../assets/brand-4710.svg';
import logoOnDark from '../assets/brand-4710-dark.svg';
import type { BrandTokens } from '../tokens.ts';

/** US brand; support from the fictional NANP 555-01xx block. Fictional; mirrors server/db/seed-brands.ts. */
export const brand4710: BrandTokens = {
  brandId: '4710',
  displayName: 'Mirrowbay Voice',
  shortDisplayName: 'Mirrowbay',
  logo: { src: logo, width: 195, height: 40 },
  logoOnDark: { src: logoOnDark, width: 195, height: 40 },
  launchYear: 2019,
  supportPhone: '+18885550147',
  links: {
    legal: 'https://mirrowbay.example.com/legal',
    privacy: 'https://mirrowbay.example.com/privacy',
    terms: 'https://mirrowbay.example.com/terms',
  },
  theme: {
    colours: {
      brand: '#8530A6',
      brandHover: '#451957',
      onBrand: '#FFFFFF',
      background: '#F9F5FA',
      surface: '#FFFFFF',
      text: '#2A1532',
      textMuted: '#66556D',
      border: '#85738C',
      focusRing: '#148F1B',
      error: '#B42318',
      errorSurface: '#FEF3F2',
      success: '#067647',
      link: '#782C96',
    },
    fonts: {
      body: 'Verdana, Geneva, sans-serif',
      heading: "'Trebuchet MS', Verdana, sans-serif",
    },
    radii: { s: '0', m: '2px', l: '4px' },
  },
};

export default brand4710;
