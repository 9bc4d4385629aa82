import logo from '../assets/brand-3420.svg';
import logoOnDark from '../assets/brand-3420-dark.svg';
import type { BrandTokens } from '../tokens.ts';

/** US brand; support from the fictional NANP 555-01xx block. Fictional; mirrors server/db/seed-brands.ts. */
export const brand3420: BrandTokens = {
  brandId: '3420',
  displayName: 'Saltmarsh Calling',
  shortDisplayName: 'Saltmarsh',
  logo: { src: logo, width: 207, height: 40 },
  logoOnDark: { src: logoOnDark, width: 207, height: 40 },
  launchYear: 2017,
  supportPhone: '+18885550134',
  links: {
    legal: 'https://saltmarsh.example.com/legal',
    privacy: 'https://saltmarsh.example.com/privacy',
    terms: 'https://saltmarsh.example.com/terms',
  },
  theme: {
    colours: {
      brand: '#257E7B',
      brandHover: '#195755',
      onBrand: '#FFFFFF',
      background: '#F5FAFA',
      surface: '#FFFFFF',
      text: '#153231',
      textMuted: '#556D6C',
      border: '#738C8B',
      focusRing: '#5C148F',
      error: '#B42318',
      errorSurface: '#FEF3F2',
      success: '#067647',
      link: '#247B78',
    },
    fonts: {
      body: "'Segoe UI', 'Helvetica Neue', Arial, sans-serif",
      heading: "Georgia, 'Times New Roman', serif",
    },
    radii: { s: '2px', m: '4px', l: '8px' },
  },
};

export default brand3420;
