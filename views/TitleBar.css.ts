import { style } from '@vanilla-extract/css';
import { vars } from '../brand/theme.css.ts';
import { linkButton } from './screens/screens.css.ts';

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

// The screens' link-style button, tall enough to be an easy touch target in the bar.
export const backButton = style([
  linkButton,
  { minHeight: vars.size.controlHeight, padding: `0 ${vars.space.s}` },
]);
