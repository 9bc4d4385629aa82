/** Every colour a theme sets; styles may use only these (through the vars of theme.css.ts). */
export const colourNames = [
  'brand',
  'brandHover',
  'onBrand',
  'background',
  'surface',
  'text',
  'textMuted',
  'border',
  'focusRing',
  'error',
  'errorSurface',
  'success',
  'link',
] as const;
export type ColourName = (typeof colourNames)[number];

/** Brand pages the footer and screens may link to; a brand lists only the ones it has. */
export type BrandLinkKey =
  | 'legal'
  | 'privacy'
  | 'terms'
  | 'serviceTerms'
  | 'contact'
  | 'termsOfUse'
  | 'codesOfPractice'
  | 'complaints'
  | 'feedback';
export type BrandLinks = Readonly<Partial<Record<BrandLinkKey, string>>>;

export type BrandTheme = {
  readonly colours: Readonly<Record<ColourName, string>>;
  readonly fonts: { readonly body: string; readonly heading: string };
  /** Corner rounding is part of a brand's look, so each brand sets its own radii. */
  readonly radii: { readonly s: string; readonly m: string; readonly l: string };
  /** Set on a palette that is light on dark, so the page asks the browser for dark form controls too. */
  readonly scheme?: 'dark';
};

/**
 * An image of the brand's (an SVG in brand/assets/, imported through Vite) with its intrinsic size in
 * CSS pixels, the SVG's own width and height: the page gives the <img> these, so its box is reserved
 * before the file arrives and nothing moves when it does (brand/seed.test.ts holds them to the files).
 */
export type BrandImage = { readonly src: string; readonly width: number; readonly height: number };

export type BrandTokens = {
  /** Spec brand id: digits, as in the brandId query parameter. */
  readonly brandId: string;
  readonly displayName: string;
  readonly shortDisplayName: string;
  readonly logo: BrandImage;
  /**
   * The logo drawn for dark surfaces, for a brand whose logo would vanish on its dark palette:
   * brand-<id>-dark.svg, the same size and mark with the name in light colours. brand/generate-logos.ts
   * draws both files; brand/logos.test.ts requires this one wherever the logo's name is dark.
   */
  readonly logoOnDark?: BrandImage;
  /** First year of the copyright range (spec §4). */
  readonly launchYear: number;
  /** Customer support number in E.164 form; screens format it for display. */
  readonly supportPhone: string;
  /** The support number as the brand shows it (spec §9), when the number service has formatted it. */
  readonly supportPhoneText?: string;
  /** The brand's support site (asset files' rcSupportRootPage), where messages send users for help. */
  readonly helpUrl?: string;
  readonly links: BrandLinks;
  readonly signUpUrl?: string;
  /** Decorative banner image (spec §2) above the credential and password pages, for brands that have one. */
  readonly banner?: BrandImage;
  readonly theme: BrandTheme;
  /**
   * The brand's other themes by theme id (spec §3 themeDict); the `theme` start-up parameter picks
   * one, and an id the brand does not have leaves the default.
   */
  readonly themes?: Readonly<Record<string, BrandTheme>>;
};
