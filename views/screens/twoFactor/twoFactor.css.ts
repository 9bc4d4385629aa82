import { style } from '@vanilla-extract/css';
import { vars } from '../../../brand/theme.css.ts';

export const methods = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
  margin: 0,
  padding: 0,
});

export const method = style({ listStyle: 'none' });

export const methodButton = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xxs,
  width: '100%',
  minHeight: vars.size.controlHeight,
  padding: vars.space.s,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.m,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontWeight: vars.font.weightBold,
  textAlign: 'start',
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  selectors: {
    '&:hover:not(:disabled)': { backgroundColor: vars.color.background },
    '&:disabled': { cursor: 'not-allowed', color: vars.color.textMuted },
  },
});

export const contact = style({ fontWeight: vars.font.weightRegular, color: vars.color.textMuted });

export const sentNotice = style({ margin: 0, color: vars.color.success });

export const resend = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.s });

/**
 * "Send a new code" is a link-styled button; while it waits (the countdown, a send under way) it must
 * not look usable: muted, not underlined, no pointer. A disabled control is exempt from the contrast
 * minimum, but the muted colour keeps it readable.
 */
export const resendLink = style({
  selectors: {
    '&:disabled': { color: vars.color.textMuted, textDecoration: 'none', cursor: 'default' },
  },
});

/**
 * The code's expiry notice is a live region, so it is always there; empty, it is taken out of the
 * page's flow (the page's gap would otherwise leave a hole), never out of the accessibility tree.
 */
export const expiry = style({
  selectors: { '&:empty': { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden' } },
});

/** How long the code works: quiet, under the line that says where it went. */
export const lifetime = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSmall });

export const qr = style({ display: 'flex', justifyContent: 'center' });

export const secret = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xs,
});

export const secretKey = style({
  padding: vars.space.s,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.s,
  backgroundColor: vars.color.background,
  color: vars.color.text,
  fontFamily: 'monospace',
  fontSize: vars.font.sizeBody,
  letterSpacing: '0.1em',
  overflowWrap: 'anywhere',
});

export const copyNotice = style({ color: vars.color.success, fontSize: vars.font.sizeSmall });
