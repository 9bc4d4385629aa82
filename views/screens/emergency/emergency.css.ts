import { style } from '@vanilla-extract/css';
import { media, vars } from '../../../brand/theme.css.ts';

/** What the page warns of (no digital line, the out-of-country disclaimer). */
export const warning = style({
  margin: 0,
  padding: `${vars.space.s} ${vars.space.m}`,
  borderRadius: vars.radius.s,
  backgroundColor: vars.color.errorSurface,
  color: vars.color.error,
  // Unseen in the brand's colours; a contrast theme, which drops the background, draws it as the box.
  outline: '1px solid transparent',
});

export const body = style({ margin: 0, color: vars.color.text });

export const address = style({ display: 'flex', flexDirection: 'column', overflowWrap: 'anywhere' });
export const addressLine = style({ display: 'block' });

/** An address shown for its own sake (the one on file, the one typed). */
export const addressCard = style({
  margin: 0,
  padding: vars.space.s,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.m,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
});

export const fieldset = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
  minWidth: 0,
  margin: 0,
  padding: 0,
  border: 'none',
});

export const legend = style({ padding: 0, marginBottom: vars.space.xs, fontWeight: vars.font.weightBold });

export const groupHeading = style({
  margin: 0,
  fontSize: vars.font.sizeBody,
  fontWeight: vars.font.weightBold,
  color: vars.color.textMuted,
});

export const options = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
  margin: 0,
  padding: 0,
});

export const option = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.s,
  padding: vars.space.s,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.m,
  backgroundColor: vars.color.surface,
  listStyle: 'none',
  selectors: { '&:has(input:checked)': { borderColor: vars.color.brand } },
  // A contrast theme paints every border alike: the chosen location's box takes its highlight.
  '@media': {
    [media.forcedColors]: { selectors: { '&:has(input:checked)': { outline: '2px solid Highlight' } } },
  },
});

export const optionLabel = style({
  display: 'flex',
  flex: '1 1 auto',
  alignItems: 'flex-start',
  gap: vars.space.s,
  minWidth: 0,
  cursor: 'pointer',
});

export const radio = style({ flex: 'none', margin: `${vars.space.xxs} 0 0`, accentColor: vars.color.brand });

export const optionText = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  minWidth: 0,
});

export const nickname = style({ fontWeight: vars.font.weightBold, overflowWrap: 'anywhere' });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSmall });

/** Valid in the success colour, anything else in the text colour: the word says it, the colour only helps. */
export const statusValid = style({ color: vars.color.success, fontSize: vars.font.sizeSmall });
export const statusOther = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSmall });

/** The fields a country writes on one line sit side by side, and wrap on a narrow screen. */
export const fieldRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.s });

export const rowField = style({
  flex: '1 1 10rem',
  minWidth: 0,
  '@media': { [media.narrow]: { flexBasis: '100%' } },
});

export const requiredMark = style({ color: vars.color.error, marginInlineStart: vars.space.xxs });

export const select = style({ width: '100%', maxWidth: '100%' });

/** What was typed beside what the validator suggests; one above the other on a narrow screen. */
export const compare = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
  gap: vars.space.s,
});

export const compareHeading = style({
  margin: `0 0 ${vars.space.xxs}`,
  fontSize: vars.font.sizeSmall,
  fontWeight: vars.font.weightBold,
  color: vars.color.textMuted,
});
