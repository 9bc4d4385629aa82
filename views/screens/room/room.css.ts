import { style } from '@vanilla-extract/css';
import { vars } from '../../../brand/theme.css.ts';

/** The code is read off a screen across the room: large, spaced, in capitals as the room shows it. */
export const codeInput = style({
  fontSize: vars.font.sizeTitle,
  letterSpacing: '0.12em',
  textTransform: 'uppercase',
});

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSmall });

/** Body text between the page's own blocks: the page's gap spaces it, not the paragraph's margins. */
export const body = style({ margin: 0 });
