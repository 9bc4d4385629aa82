import logo from '../assets/brand-3610.svg';
import logoOnDark from '../assets/brand-3610-dark.svg';
import type { BrandTokens } from '../tokens.ts';

/** US brand; support from the fictional NANP 555-01xx block. Regional (spec §9), so it offers sign-up. Fictional; mirrors server/db/seed-brands.ts. */
export const brand3610: BrandTokens = {
  brandId: '3610',
  displayName: 'Kestrelmoor Phone',
  shortDisplayName: 'Kestrelmoor',
  logo: { src: logo, width: 216, height: 40 },
  logoOnDark: { src: logoOnDark, width: 216, height: 40 },
  launchYear: 2014,
  supportPhone: '+18885550136',
  links: {
    legal: 'https://kestrelmoor.example.com/legal',
    privacy: 'https://kestrelmoor.example.com/privacy',
    terms: 'https://kestrelmoor.example.com/terms',
  },
  signUpUrl: 'https://kestrelmoor.example.com/signup',
  theme: {
    colours: {
      brand: '#448112',
      brandHover: '#34620E',
      onBrand: '#FFFFFF',
      background: '#F7FAF5',
      surface: '#FFFFFF',
      text: '#223215',
      textMuted: '#606D55',
      border: '#7E8C73',
      focusRing: '#81148F',
      error: '#B42318',
      errorSurface: '#FEF3F2',
      success: '#067647',
      link: '#427D12',
    },
    fonts: {
      body: 'Verdana, Geneva, sans-serif',
      heading: "'Trebuchet MS', Verdana, sans-serif",
    },
    radii: { s: '0', m: '2px', l: '4px' },
  },
};

export default brand3610;
