import { style } from '@vanilla-extract/css';
import { vars } from '../../brand/theme.css.ts';

// The dialog's own styles load with it (PhishingNotice.css.ts).
export const opener = style({
  padding: 0,
  border: 'none',
  background: 'none',
  font: 'inherit',
  color: vars.color.link,
  textDecoration: 'underline',
  textUnderlineOffset: vars.space.xxs,
  cursor: 'pointer',
  ':hover': { textDecorationThickness: vars.space.xxs },
});
