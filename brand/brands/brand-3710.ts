import logo from '../assets/brand-3710.svg';
import logoOnDark from '../assets/brand-3710-dark.svg';
import type { BrandTokens } from '../tokens.ts';

/** UK brand; support from Ofcom's drama freephone block 0808 157 0xxx. Regional (spec §9), so it offers sign-up. Fictional; mirrors server/db/seed-brands.ts. */
export const brand3710: BrandTokens = {
  brandId: '3710',
  displayName: 'Thistlecombe Lines',
  shortDisplayName: 'Thistlecombe',
  logo: { src: logo, width: 222, height: 40 },
  logoOnDark: { src: logoOnDark, width: 222, height: 40 },
  launchYear: 2015,
  supportPhone: '+448081570371',
  links: {
    legal: 'https://thistlecombe.example.com/legal',
    privacy: 'https://thistlecombe.example.com/privacy',
    terms: 'https://thistlecombe.example.com/terms',
  },
  signUpUrl: 'https://thistlecombe.example.com/signup',
  theme: {
    colours: {
      brand: '#3044A6',
      brandHover: '#192457',
      onBrand: '#FFFFFF',
      background: '#F5F6FA',
      surface: '#FFFFFF',
      text: '#151A32',
      textMuted: '#55596D',
      border: '#73778C',
      focusRing: '#7A8F14',
      error: '#B42318',
      errorSurface: '#FEF3F2',
      success: '#067647',
      link: '#2C3D96',
    },
    fonts: {
      body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
      heading: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    },
    radii: { s: '4px', m: '8px', l: '16px' },
  },
};

export default brand3710;
