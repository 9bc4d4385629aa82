import { style } from '@vanilla-extract/css';
import { vars } from '../../../brand/theme.css.ts';

export const checklist = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  margin: 0,
  padding: 0,
  fontSize: vars.font.sizeSmall,
});

const item = style({ display: 'flex', alignItems: 'baseline', gap: vars.space.xs, listStyle: 'none' });

// Met and unmet differ by mark and colour both, so neither colour nor shape alone carries the meaning.
export const met = style([item, { color: vars.color.success }]);
export const unmet = style([item, { color: vars.color.textMuted }]);

export const mark = style({
  flex: 'none',
  width: '1em',
  textAlign: 'center',
  fontWeight: vars.font.weightBold,
});

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSmall });

export const sentNotice = style({ margin: 0, color: vars.color.success });
