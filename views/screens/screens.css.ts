import { style } from '@vanilla-extract/css';
import { media, vars } from '../../brand/theme.css.ts';

export const screen = style({ display: 'flex', flexDirection: 'column', gap: vars.space.m });

export const title = style({
  margin: 0,
  fontFamily: vars.font.heading,
  fontSize: vars.font.sizeTitle,
  fontWeight: vars.font.weightBold,
  color: vars.color.text,
});

export const subtitle = style({ margin: 0, color: vars.color.textMuted });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.m });

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const label = style({ fontWeight: vars.font.weightBold });

export const input = style({
  minHeight: vars.size.controlHeight,
  padding: `0 ${vars.space.s}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.s,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.error } },
  // A contrast theme paints every border alike: an invalid field's border differs by its style there.
  '@media': {
    [media.forcedColors]: {
      selectors: { '&[aria-invalid="true"]': { borderStyle: 'double', borderWidth: '3px' } },
    },
  },
});

export const checkboxLabel = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: vars.size.controlHeight,
  cursor: 'pointer',
});

export const fieldError = style({ margin: 0, color: vars.color.error, fontSize: vars.font.sizeSmall });

const button = style({
  minHeight: vars.size.controlHeight,
  padding: `0 ${vars.space.l}`,
  borderRadius: vars.radius.pill,
  font: 'inherit',
  fontWeight: vars.font.weightBold,
  cursor: 'pointer',
  // A busy button is aria-disabled rather than disabled, so it keeps the focus (SubmitButton.tsx).
  selectors: { '&:is(:disabled, [aria-disabled="true"])': { cursor: 'progress', opacity: 0.7 } },
});

export const primaryButton = style([
  button,
  {
    // Transparent, not none: under forced colours the system draws it, so the button keeps an edge.
    border: '1px solid transparent',
    backgroundColor: vars.color.brand,
    color: vars.color.onBrand,
    selectors: {
      '&:hover:not(:disabled, [aria-disabled="true"])': { backgroundColor: vars.color.brandHover },
    },
  },
]);

export const secondaryButton = style([
  button,
  { border: `1px solid ${vars.color.border}`, backgroundColor: vars.color.surface, color: vars.color.link },
]);

export const linkButton = style({
  padding: 0,
  border: 'none',
  background: 'none',
  color: vars.color.link,
  font: 'inherit',
  textDecoration: 'underline',
  cursor: 'pointer',
  // A contrast theme draws buttons in its button colour: this one keeps the look of the link it is.
  '@media': {
    [media.forcedColors]: {
      color: 'LinkText',
      selectors: { '&:is(:disabled, [aria-disabled="true"])': { color: 'GrayText' } },
    },
  },
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.s });

export const alternatives = style({ display: 'flex', flexDirection: 'column', gap: vars.space.s });

/** A provider's mark before its name on an alternative sign-in button, centred on the text. */
export const providerMark = style({ verticalAlign: 'middle', marginInlineEnd: vars.space.s });

export const divider = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.s,
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSmall,
  selectors: {
    '&::before, &::after': { content: '""', flex: 1, borderTop: `1px solid ${vars.color.border}` },
  },
});
