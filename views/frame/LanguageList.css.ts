import { style } from '@vanilla-extract/css';
import { vars } from '../../brand/theme.css.ts';

// Opens upwards over the page: the selector sits in the footer, at the bottom of the page.
export const list = style({
  position: 'absolute',
  insetBlockEnd: '100%',
  insetInlineStart: 0,
  zIndex: 1,
  boxSizing: 'border-box',
  minWidth: '100%',
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
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  // The option the keys are on shows under the pointer too, where no focus ring is drawn.
  selectors: {
    '&:hover, &:focus': { backgroundColor: `color-mix(in srgb, ${vars.color.text} 10%, transparent)` },
    '&[aria-selected="true"]': { fontWeight: 'bold' },
  },
});
