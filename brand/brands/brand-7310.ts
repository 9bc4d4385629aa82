import banner from '../assets/banner-7310.svg';
import logo from '../assets/brand-7310.svg';
import logoOnDark from '../assets/brand-7310-dark.svg';
import type { BrandTokens } from '../tokens.ts';

/** Canadian meeting-app brand (spec §6); support from the fictional 555-01xx block, shown dash-separated (spec §9). Fictional; mirrors server/db/seed-brands.ts. */
export const brand7310: BrandTokens = {
  brandId: '7310',
  displayName: 'Cedarlume Meetings',
  shortDisplayName: 'Cedarlume',
  logo: { src: logo, width: 227, height: 40 },
  logoOnDark: { src: logoOnDark, width: 227, height: 40 },
  banner: { src: banner, width: 640, height: 120 },
  launchYear: 2019,
  supportPhone: '+16135550173',
  links: {
    legal: 'https://cedarlume.example.com/legal',
    privacy: 'https://cedarlume.example.com/privacy',
    terms: 'https://cedarlume.example.com/terms',
    serviceTerms: 'https://cedarlume.example.com/service-terms',
  },
  theme: {
    colours: {
      brand: '#BB1BB3',
      brandHover: '#620E5E',
      onBrand: '#FFFFFF',
      background: '#FAF5FA',
      surface: '#FFFFFF',
      text: '#321531',
      textMuted: '#6D556B',
      border: '#8C738B',
      focusRing: '#148F43',
      error: '#B42318',
      errorSurface: '#FEF3F2',
      success: '#067647',
      link: '#AA18A2',
    },
    fonts: {
      body: 'Verdana, Geneva, sans-serif',
      heading: "'Trebuchet MS', Verdana, sans-serif",
    },
    radii: { s: '0', m: '2px', l: '4px' },
  },
};

export default brand7310;
