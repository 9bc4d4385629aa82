import logo from '../assets/brand-5110.svg';
import logoOnDark from '../assets/brand-5110-dark.svg';
import type { BrandTokens } from '../tokens.ts';

/** US brand; support from the fictional NANP 555-01xx block. Fictional; mirrors server/db/seed-brands.ts. */
export const brand5110: BrandTokens = {
  brandId: '5110',
  displayName: 'Ambervast Voice',
  shortDisplayName: 'Ambervast',
  logo: { src: logo, width: 198, height: 40 },
  logoOnDark: { src: logoOnDark, width: 198, height: 40 },
  launchYear: 2020,
  supportPhone: '+18885550151',
  links: {
    legal: 'https://ambervast.example.com/legal',
    privacy: 'https://ambervast.example.com/privacy',
    terms: 'https://ambervast.example.com/terms',
  },
  theme: {
    colours: {
      brand: '#28821C',
      brandHover: '#1C5D14',
      onBrand: '#FFFFFF',
      background: '#F5FAF5',
      surface: '#FFFFFF',
      text: '#193215',
      textMuted: '#586D55',
      border: '#768C73',
      focusRing: '#8F1474',
      error: '#B42318',
      errorSurface: '#FEF3F2',
      success: '#067647',
      link: '#267E1B',
    },
    fonts: {
      body: 'Verdana, Geneva, sans-serif',
      heading: "'Trebuchet MS', Verdana, sans-serif",
    },
    radii: { s: '0', m: '2px', l: '4px' },
  },
};

export default brand5110;
