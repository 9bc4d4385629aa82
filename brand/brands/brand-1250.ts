import logo from '../assets/brand-1250.svg';
import logoOnDark from '../assets/brand-1250-dark.svg';
import type { BrandTokens } from '../tokens.ts';

/** US brand; support from the fictional NANP 555-01xx block. Regional (spec §9), so it offers sign-up. Fictional; mirrors server/db/seed-brands.ts. */
export const brand1250: BrandTokens = {
  brandId: '1250',
  displayName: 'Quillby Talk',
  shortDisplayName: 'Quillby',
  logo: { src: logo, width: 152, height: 40 },
  logoOnDark: { src: logoOnDark, width: 152, height: 40 },
  launchYear: 2012,
  supportPhone: '+18885550125',
  links: {
    legal: 'https://quillby.example.com/legal',
    privacy: 'https://quillby.example.com/privacy',
    terms: 'https://quillby.example.com/terms',
  },
  signUpUrl: 'https://quillby.example.com/signup',
  theme: {
    colours: {
      brand: '#A65730',
      brandHover: '#572E19',
      onBrand: '#FFFFFF',
      background: '#FAF6F5',
      surface: '#FFFFFF',
      text: '#321F15',
      textMuted: '#6D5D55',
      border: '#8C7B73',
      focusRing: '#143D8F',
      error: '#B42318',
      errorSurface: '#FEF3F2',
      success: '#067647',
      link: '#964F2C',
    },
    fonts: {
      body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
      heading: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    },
    radii: { s: '4px', m: '8px', l: '16px' },
  },
};

export default brand1250;
