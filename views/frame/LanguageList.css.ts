import { style } from '@vanilla-extract/css';
import { media, vars } from '../../brand/theme.css.ts';

// Opens upwards over the page: the selector sits in the footer, at the bottom of the page. Centred
// on the selector (which the footer centres) and no wider than the page: started at the selector's
// edge, it ran off a 320 px page with German's longer label or with text spacing (WCAG 1.4.10,
// 1.4.12). A physical left and translate centre it in either direction.
export const list = style({
  position: 'absolute',
  insetBlockEnd: '100%',
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: 1,
  boxSizing: 'border-box',
  width: 'max-content',
  minWidth: '100%',
  maxWidth: `calc(100vw - 2 * ${vars.space.m})`,
  maxHeight: '50vh',
  overflowY: 'auto',
  margin: `0 0 ${vars.space.xs}`,
  padding: vars.space.xs,
  textAlign: 'start',
  color: vars.color.text,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.s,
});

export const option = style({
  padding: `${vars.space.xs} ${vars.space.s}`,
  borderRadius: vars.radius.s,
  // One line while the page is wide enough, wrapped (at a word, or anywhere in a long one) when not.
  overflowWrap: 'anywhere',
  cursor: 'pointer',
  // The option the keys are on shows under the pointer too, where no focus ring is drawn.
  selectors: {
    '&:hover, &:focus': { backgroundColor: `color-mix(in srgb, ${vars.color.text} 10%, transparent)` },
    '&[aria-selected="true"]': { fontWeight: 'bold' },
  },
  // A contrast theme drops the tint: the language in force takes its selection colours, the pointer's
  // an underline (the keys' option keeps the focus ring).
  '@media': {
    [media.forcedColors]: {
      selectors: {
        '&[aria-selected="true"]': { backgroundColor: 'Highlight', color: 'HighlightText' },
        '&:hover': { textDecoration: 'underline' },
      },
    },
  },
});
