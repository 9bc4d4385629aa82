import { style } from '@vanilla-extract/css';
import { vars } from '../../../brand/theme.css.ts';

export const body = style({ margin: 0, color: vars.color.text, lineHeight: vars.font.lineHeight });

/** The FedRAMP notice's conditions and the terms' summary: a list that reads as one block of text. */
export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  margin: 0,
  paddingInlineStart: vars.space.l,
  color: vars.color.text,
  lineHeight: vars.font.lineHeight,
  overflowWrap: 'anywhere',
});

/** The text the user is asked to accept, set apart from the page's own words. */
export const document = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
  padding: vars.space.m,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.m,
  backgroundColor: vars.color.surface,
});

export const documentHeading = style({
  margin: 0,
  fontSize: vars.font.sizeBody,
  fontWeight: vars.font.weightBold,
  color: vars.color.text,
});

export const meta = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSmall });

export const link = style({ color: vars.color.link, textDecoration: 'underline' });

export const agreement = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs });

export const checkbox = style({
  width: '1.25em',
  height: '1.25em',
  margin: 0,
  flex: '0 0 auto',
  accentColor: vars.color.brand,
  selectors: { '&[aria-invalid="true"]': { outline: `2px solid ${vars.color.error}`, outlineOffset: '2px' } },
});
