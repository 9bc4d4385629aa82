import { style } from '@vanilla-extract/css';
import { media, vars } from '../../brand/theme.css.ts';

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
  // A contrast theme draws buttons in its button colour: this one keeps the look of the link it is.
  '@media': { [media.forcedColors]: { color: 'LinkText' } },
});
