import { style } from '@vanilla-extract/css';
import { vars } from '../../brand/theme.css.ts';

export const dialog = style({
  boxSizing: 'border-box',
  maxWidth: `min(${vars.size.cardWidth}, calc(100vw - ${vars.space.xl}))`,
  padding: vars.space.l,
  color: vars.color.text,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.l,
  fontFamily: vars.font.body,
  fontSize: vars.font.sizeBody,
  lineHeight: vars.font.lineHeight,
  textAlign: 'start',
  selectors: {
    '&::backdrop': { backgroundColor: `color-mix(in srgb, ${vars.color.text} 50%, transparent)` },
  },
});

export const title = style({
  margin: `0 0 ${vars.space.m}`,
  fontFamily: vars.font.heading,
  fontSize: vars.font.sizeTitle,
});

export const notice = style({ margin: `0 0 ${vars.space.l}` });

export const close = style({
  minHeight: vars.size.controlHeight,
  padding: `0 ${vars.space.l}`,
  border: '1px solid transparent', // forced colours draw it
  borderRadius: vars.radius.m,
  font: 'inherit',
  fontWeight: vars.font.weightBold,
  color: vars.color.onBrand,
  backgroundColor: vars.color.brand,
  cursor: 'pointer',
  ':hover': { backgroundColor: vars.color.brandHover },
});
