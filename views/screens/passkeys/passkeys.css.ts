import { style } from '@vanilla-extract/css';
import { vars } from '../../../brand/theme.css.ts';

/** Body text between the page's own blocks: the page's gap spaces it, not the paragraph's margins. */
export const body = style({ margin: 0, color: vars.color.text, lineHeight: vars.font.lineHeight });

/** What to do while the browser's ceremony runs (a polite live region, empty otherwise). */
export const progress = style({ margin: 0, color: vars.color.textMuted });

/** A note under the page's buttons: what Not now means, that a password reset keeps the passkeys. */
export const note = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSmall,
  lineHeight: vars.font.lineHeight,
});

/** The list page's live region: the ceremony's progress, or the notice that a passkey was made or removed. */
export const notices = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
  // The removed notice names the passkey: a long name wraps rather than widening the page.
  overflowWrap: 'anywhere',
});

/** Where the focus goes once a passkey is removed (its button is gone): the list, or its empty state. */
export const listArea = style({ display: 'flex', flexDirection: 'column', borderRadius: vars.radius.s });

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
  margin: 0,
  padding: 0,
});

/** One passkey: its details, and Remove beside them, or under them when the row is too narrow. */
export const item = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.s,
  padding: vars.space.s,
  listStyle: 'none',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.m,
  backgroundColor: vars.color.surface,
});

export const details = style({
  display: 'flex',
  flex: `1 1 calc(${vars.size.cardWidth} / 2)`,
  flexDirection: 'column',
  gap: vars.space.xxs,
  minWidth: 0,
  // A passkey's name is the person's (or the authenticator's): a long one wraps rather than widening the page.
  overflowWrap: 'anywhere',
});

export const name = style({ fontWeight: vars.font.weightBold, color: vars.color.text });

export const meta = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSmall });

export const warning = style({ color: vars.color.error, fontSize: vars.font.sizeSmall });
