import logo from '../assets/brand-4810.svg';
import logoOnDark from '../assets/brand-4810-dark.svg';
import type { BrandTokens } from '../tokens.ts';

/** US brand; support from the fictional NANP 555-01xx block. Fictional; mirrors server/db/seed-brands.ts. */
export const brand4810: BrandTokens = {
  brandId: '4810',
  displayName: 'Glenhallow Telecom',
  shortDisplayName: 'Glenhallow',
  logo: { src: logo, width: 222, height: 40 },
  logoOnDark: { src: logoOnDark, width: 222, height: 40 },
  launchYear: 2019,
  supportPhone: '+18885550148',
  links: {
    legal: 'https://glenhallow.example.com/legal',
    privacy: 'https://glenhallow.example.com/privacy',
    terms: 'https://glenhallow.example.com/terms',
  },
  theme: {
    colours: {
      brand: '#767619',
      brandHover: '#5D5D14',
      onBrand: '#FFFFFF',
      background: '#FAFAF5',
      surface: '#FFFFFF',
      text: '#323215',
      textMuted: '#6D6D55',
      border: '#8C8C73',
      focusRing: '#3D148F',
      error: '#B42318',
      errorSurface: '#FEF3F2',
      success: '#067647',
      link: '#727218',
    },
    fonts: {
      body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
      heading: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    },
    radii: { s: '4px', m: '8px', l: '16px' },
  },
};

export default brand4810;
