import { style } from '@vanilla-extract/css';
import { vars } from '../../brand/theme.css.ts';

/** A message's links sit on the line after its text, spaced like the frame's footer links. */
export const messageLinks = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `0 ${vars.space.m}`,
  marginTop: vars.space.xs,
});

export const link = style({ color: vars.color.link, textDecoration: 'underline' });
