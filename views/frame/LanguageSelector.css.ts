import { style } from '@vanilla-extract/css';
import { vars } from '../../brand/theme.css.ts';

export const field = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.s,
});

export const label = style({
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSmall,
});

export const trigger = style({
  minHeight: vars.size.controlHeight,
  padding: `0 ${vars.space.s}`,
  fontFamily: vars.font.body,
  fontSize: vars.font.sizeSmall,
  color: vars.color.text,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.s,
  cursor: 'pointer',
});
