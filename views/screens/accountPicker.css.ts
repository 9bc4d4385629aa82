import { style } from '@vanilla-extract/css';
import { media, vars } from '../../brand/theme.css.ts';

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
  margin: 0,
  padding: 0,
});

/**
 * The picker's buttons while it waits (aria-disabled): a contrast theme draws them like active ones
 * unless told to grey them out, as it does disabled controls.
 */
export const waitsGreyed = style({
  '@media': {
    [media.forcedColors]: {
      selectors: {
        '&:is(:disabled, [aria-disabled="true"])': { color: 'GrayText', borderColor: 'GrayText' },
      },
    },
  },
});

/** A row's links go under the account when they do not fit beside it (a passkey's two make four). */
export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'stretch',
  gap: vars.space.xs,
  listStyle: 'none',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.m,
  backgroundColor: vars.color.surface,
  '@media': { [media.narrow]: { flexDirection: 'column' } },
});

export const choose = style({
  display: 'flex',
  flex: `1 1 calc(${vars.size.cardWidth} / 2)`,
  alignItems: 'center',
  gap: vars.space.s,
  minHeight: vars.size.controlHeight,
  padding: vars.space.s,
  border: 'none',
  borderRadius: vars.radius.m,
  background: 'none',
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  selectors: { '&:hover': { backgroundColor: vars.color.background } },
  '@media': {
    // Stacked, the account's height is its own (a basis would be a height).
    [media.narrow]: { flex: 'none' },
    // Only its hover background sets it apart from the row's links, and a contrast theme drops that.
    [media.forcedColors]: { border: '1px solid ButtonText' },
  },
});

/** The account's initial on a brand-coloured disc; under forced colours the transparent edge is drawn. */
export const avatar = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: vars.space.xl,
  height: vars.space.xl,
  border: '1px solid transparent',
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.brand,
  color: vars.color.onBrand,
  fontWeight: vars.font.weightBold,
  lineHeight: 1,
});

export const person = style({ width: '70%', height: '70%' });

export const who = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, minWidth: 0 });

export const name = style({ fontWeight: vars.font.weightBold });

export const meta = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSmall });

export const rowActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.xs} ${vars.space.s}`,
  padding: `${vars.space.xs} ${vars.space.s}`,
  '@media': { [media.narrow]: { padding: `0 ${vars.space.s} ${vars.space.s}` } },
});
