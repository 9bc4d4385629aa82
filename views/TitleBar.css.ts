import { style } from '@vanilla-extract/css';
import { vars } from '../brand/theme.css.ts';

export const bar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.s,
  paddingBottom: vars.space.s,
  marginBottom: vars.space.m,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const appName = style({
  margin: 0,
  fontSize: vars.font.sizeBody,
  fontWeight: vars.font.weightBold,
  color: vars.color.text,
});

export const backButton = style({
  minHeight: vars.size.controlHeight,
  padding: `0 ${vars.space.s}`,
  border: 'none',
  background: 'none',
  color: vars.color.link,
  font: 'inherit',
  textDecoration: 'underline',
  cursor: 'pointer',
});
