import logo from '../assets/brand-2020.svg';
import logoOnDark from '../assets/brand-2020-dark.svg';
import type { BrandTokens } from '../tokens.ts';

/** US brand; support from the fictional NANP 555-01xx block. Fictional; mirrors server/db/seed-brands.ts. */
export const brand2020: BrandTokens = {
  brandId: '2020',
  displayName: 'Quellspring Voice',
  shortDisplayName: 'Quellspring',
  logo: { src: logo, width: 204, height: 40 },
  logoOnDark: { src: logoOnDark, width: 204, height: 40 },
  launchYear: 2013,
  supportPhone: '+18885550122',
  links: {
    legal: 'https://quellspring.example.com/legal',
    privacy: 'https://quellspring.example.com/privacy',
    terms: 'https://quellspring.example.com/terms',
  },
  theme: {
    colours: {
      brand: '#687B24',
      brandHover: '#4A5719',
      onBrand: '#FFFFFF',
      background: '#F9FAF5',
      surface: '#FFFFFF',
      text: '#2C3215',
      textMuted: '#676D55',
      border: '#878C73',
      focusRing: '#58148F',
      error: '#B42318',
      errorSurface: '#FEF3F2',
      success: '#067647',
      link: '#647722',
    },
    fonts: {
      body: 'Verdana, Geneva, sans-serif',
      heading: "'Trebuchet MS', Verdana, sans-serif",
    },
    radii: { s: '0', m: '2px', l: '4px' },
  },
};

export default brand2020;
