import { style } from '@vanilla-extract/css';
import { vars } from '../../brand/theme.css.ts';

export const footer = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.s,
  padding: `${vars.space.l} ${vars.space.m}`,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSmall,
  textAlign: 'center',
});

export const linkList = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: `${vars.space.xs} ${vars.space.m}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const link = style({
  color: vars.color.link,
  textDecoration: 'underline',
  textUnderlineOffset: vars.space.xxs,
  ':hover': { textDecorationThickness: vars.space.xxs },
});

export const line = style({ margin: 0 });

export const poweredBy = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.s,
  margin: 0,
});

export const poweredByLogo = style({ height: vars.size.poweredByLogoHeight, width: 'auto' });
