import { style } from '@vanilla-extract/css';
import { vars } from '../../brand/theme.css.ts';

// The toggle sits after the field on its line; a long translation of its label wraps it under the field.
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

export const input = style({ flex: '1 1 12em', minWidth: 0 });

export const toggle = style({
  flex: 'none',
  // WCAG 2.5.8: at least 24 × 24 CSS px whatever the brand's control height.
  minWidth: '24px',
  minHeight: `max(24px, ${vars.size.controlHeight})`,
  padding: `0 ${vars.space.s}`,
  // A border of its own, so forced colours draw the button's edge too.
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.s,
  backgroundColor: vars.color.surface,
  color: vars.color.link,
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': {
      borderColor: vars.color.brand,
      backgroundColor: vars.color.brand,
      color: vars.color.onBrand,
    },
  },
  '@media': {
    // Forced colours replace the brand's fill with the canvas: the pressed state keeps the system's
    // selection colours instead, so it still shows.
    '(forced-colors: active)': {
      selectors: {
        '&[aria-pressed="true"]': {
          forcedColorAdjust: 'none',
          borderColor: 'Highlight',
          backgroundColor: 'Highlight',
          color: 'HighlightText',
        },
      },
    },
  },
});

export const capsLock = style({ margin: 0, fontSize: vars.font.sizeSmall, fontWeight: vars.font.weightBold });
