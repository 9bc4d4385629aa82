import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../brand/theme.css.ts';

/*
 * Styles only the pages after the credential page use. A file of their own, since a style sheet module
 * ships with the chunk of every module that imports it: in screens.css.ts or errorPages.css.ts (which
 * the credential page imports) these rules and their class names were on the first screen.
 */

export const identity = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.s,
  padding: vars.space.s,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.m,
});

// A long id breaks anywhere; the line wraps between the id and its Change button, never inside the
// button's word ("Chan/ge" at 320 px).
globalStyle(`${identity} > span`, { minWidth: 0, overflowWrap: 'anywhere' });
globalStyle(`${identity} > button`, { flexShrink: 0, whiteSpace: 'nowrap' });

export const permissions = style({ margin: 0, paddingInlineStart: vars.space.l });

export const notice = style({
  margin: 0,
  padding: `${vars.space.s} ${vars.space.m}`,
  borderRadius: vars.radius.s,
  backgroundColor: vars.color.errorSurface,
  color: vars.color.error,
  // Unseen in the brand's colours; a contrast theme, which drops the background, draws it as the box.
  outline: '1px solid transparent',
});

export const detail = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSmall,
  overflowWrap: 'anywhere',
});

export const steps = style({
  margin: 0,
  paddingInlineStart: vars.space.l,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
});

export const stepActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.s,
  marginTop: vars.space.xs,
});

export const status = style({ margin: 0, color: vars.color.success, fontSize: vars.font.sizeSmall });

/** A page's notice (the terms changed while they were read, the address verification was updated, a
 * location was deleted): said, not alarming. */
export const infoNotice = style({
  margin: 0,
  padding: `${vars.space.s} ${vars.space.m}`,
  borderInlineStart: `4px solid ${vars.color.brand}`,
  borderRadius: vars.radius.s,
  backgroundColor: vars.color.background,
  color: vars.color.text,
});

/**
 * A form's error summary (views/screens/ErrorSummary.tsx): a box the eye finds first, the error
 * colour's border around the page's own surface; its links in the error colour like the messages they
 * repeat. Here, in the later screens' shared style sheet, not one of its own for the first screen to list.
 */
export const errorSummary = style({
  padding: vars.space.m,
  border: `${vars.size.focusRingWidth} solid ${vars.color.error}`,
  borderRadius: vars.radius.s,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
});

export const errorSummaryTitle = style({
  margin: 0,
  marginBottom: vars.space.s,
  fontSize: vars.font.sizeBody,
  fontWeight: vars.font.weightBold,
});

export const errorSummaryList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  margin: 0,
  paddingInlineStart: vars.space.l,
});

export const errorSummaryLink = style({
  color: vars.color.error,
  fontWeight: vars.font.weightBold,
  textDecoration: 'underline',
  overflowWrap: 'anywhere',
});
