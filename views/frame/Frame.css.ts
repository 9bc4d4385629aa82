import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { media, vars } from '../../brand/theme.css.ts';

globalStyle('body', { margin: 0 });
// Before the app draws, the empty page already takes the system's scheme: no white flash on a dark one.
globalStyle('html', { colorScheme: 'light dark' });

export const root = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  minHeight: '100vh',
  backgroundColor: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.font.sizeBody,
  lineHeight: vars.font.lineHeight,
});

// One visible focus ring for every control inside the frame, in the brand's ring colour.
globalStyle(`${root} :focus-visible`, {
  outline: `${vars.size.focusRingWidth} solid ${vars.color.focusRing}`,
  outlineOffset: vars.size.focusRingOffset,
});

globalStyle(`${root} :is(h1, h2, h3)`, { fontFamily: vars.font.heading });

export const skipLink = style({
  position: 'absolute',
  top: vars.space.s,
  insetInlineStart: vars.space.s,
  zIndex: 2,
  padding: `${vars.space.s} ${vars.space.m}`,
  backgroundColor: vars.color.surface,
  color: vars.color.link,
  borderRadius: vars.radius.s,
  // Off-screen until focused, so keyboard users meet it first and mouse users never see it.
  transform: 'translateY(-200%)',
  selectors: { '&:focus': { transform: 'none' } },
});

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.m,
  padding: `${vars.space.l} ${vars.space.m} ${vars.space.m}`,
});

export const logo = style({ height: vars.size.logoHeight, width: 'auto' });

// The <picture> around a logo takes no box of its own: the image stays the flex item it was.
export const logoPicture = style({ display: 'contents' });

export const banner = style({
  width: '100%',
  maxWidth: vars.size.cardWidth,
  maxHeight: vars.size.bannerHeight,
  overflow: 'hidden',
  borderRadius: vars.radius.m,
});

// The banner is decorative artwork: it fills the width and keeps its proportions.
globalStyle(`${banner} img`, { display: 'block', width: '100%', height: 'auto' });

export const toast = style({
  marginBottom: vars.space.m,
  padding: `${vars.space.s} ${vars.space.m}`,
  color: vars.color.error,
  backgroundColor: vars.color.errorSurface,
  border: `1px solid ${vars.color.error}`,
  borderRadius: vars.radius.m,
  selectors: { '&:empty': { display: 'none' } },
});

const mainBase = style({ boxSizing: 'border-box', width: '100%', alignSelf: 'center' });

export const main = styleVariants({
  desktop: [
    mainBase,
    {
      maxWidth: vars.size.cardWidth,
      padding: vars.space.xl,
      backgroundColor: vars.color.surface,
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.l,
      '@media': {
        [media.narrow]: { maxWidth: 'none', border: 'none', borderRadius: 0, padding: vars.space.m },
      },
    },
  ],
  mobile: [mainBase, { flexGrow: 1, padding: vars.space.m, backgroundColor: vars.color.surface }],
});

export const busyOverlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 3,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  backgroundColor: `color-mix(in srgb, ${vars.color.background} 70%, transparent)`,
});

/** Desktop: pushes the footer to the bottom under a short card. Mobile: main itself fills the page. */
export const spacer = styleVariants({ desktop: { flexGrow: 1 }, mobile: { display: 'none' } });
