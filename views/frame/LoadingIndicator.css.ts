import { fallbackVar, keyframes, style } from '@vanilla-extract/css';
import { media, vars } from '../../brand/theme.css.ts';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
const fade = keyframes({ '50%': { opacity: 0.4 } });

/*
 * The spinner may show before any brand theme is applied (while the first catalogue loads), so every
 * var it reads has a neutral fallback.
 */
export const container = style({
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'center',
  padding: fallbackVar(vars.space.l, '24px'),
});

export const spinner = style({
  width: fallbackVar(vars.size.spinner, '40px'),
  height: fallbackVar(vars.size.spinner, '40px'),
  borderRadius: '50%',
  border: `4px solid ${fallbackVar(vars.color.border, '#767676')}`,
  borderTopColor: fallbackVar(vars.color.brand, '#1f1f1f'),
  animation: `${spin} 0.9s linear infinite`,
  '@media': {
    // Nothing turns under reduced motion: a slow fade still says the page is working.
    [media.reducedMotion]: { animation: `${fade} 2s ease-in-out infinite` },
    // A contrast theme would paint the whole ring in one colour, and a turning ring of one colour
    // does not show that it turns: its turning edge takes the theme's highlight.
    [media.forcedColors]: { borderColor: 'GrayText', borderTopColor: 'Highlight' },
  },
});
