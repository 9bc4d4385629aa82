import { style } from '@vanilla-extract/css';
import { vars } from '../../brand/theme.css.ts';

export const hint = style({
  margin: `${vars.space.m} 0 0`,
  color: vars.color.text,
  fontSize: vars.font.sizeBody,
  textAlign: 'center',
});

export const link = style({
  color: vars.color.link,
  fontWeight: vars.font.weightBold,
  textDecoration: 'underline',
  textUnderlineOffset: vars.space.xxs,
});
