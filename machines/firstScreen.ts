let drawn = () => {};

/**
 * Resolves once the first screen is drawn and the browser idle (views/App.tsx says so through
 * `firstScreenDrawn`). What only refines that screen waits for it (the brand's asset files, the
 * passkey autofill's chunk), so that on a slow phone it never competes with the first screen.
 */
export const afterFirstScreen = new Promise<void>((resolve) => {
  drawn = resolve;
});

export const firstScreenDrawn = () => drawn();
