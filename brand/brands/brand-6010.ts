import logo from '../assets/brand-6010.svg';
import logoOnDark from '../assets/brand-6010-dark.svg';
import type { BrandTokens } from '../tokens.ts';

/** US brand; support from the fictional NANP 555-01xx block. Fictional; mirrors server/db/seed-brands.ts. */
export const brand6010: BrandTokens = {
  brandId: '6010',
  displayName: 'Sorrelby Cloud',
  shortDisplayName: 'Sorrelby',
  logo: { src: logo, width: 179, height: 40 },
  logoOnDark: { src: logoOnDark, width: 179, height: 40 },
  launchYear: 2016,
  supportPhone: '+18885550160',
  links: {
    legal: 'https://sorrelby.example.com/legal',
    privacy: 'https://sorrelby.example.com/privacy',
    terms: 'https://sorrelby.example.com/terms',
  },
  theme: {
    colours: {
      brand: '#A2652F',
      brandHover: '#573619',
      onBrand: '#FFFFFF',
      background: '#FAF7F5',
      surface: '#FFFFFF',
      text: '#322315',
      textMuted: '#6D6055',
      border: '#8C7F73',
      focusRing: '#142D8F',
      error: '#B42318',
      errorSurface: '#FEF3F2',
      success: '#067647',
      link: '#965D2C',
    },
    fonts: {
      body: "'Segoe UI', 'Helvetica Neue', Arial, sans-serif",
      heading: "Georgia, 'Times New Roman', serif",
    },
    radii: { s: '2px', m: '4px', l: '8px' },
  },
};

export default brand6010;
