import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusOnArrival } from './RouteFocus.ts';

/** The frame's main with a page in it, a footer control outside it, and the mechanism keyed on `route`. */
function Page({ route, children }: { route: string | undefined; children?: ReactNode }) {
  useFocusOnArrival(route);
  return (
    <>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer>
        <button type="button">Language</button>
      </footer>
    </>
  );
}

const heading = (name: string) => screen.getByRole('heading', { level: 1, name });

describe('useFocusOnArrival (views/RouteFocus.ts)', () => {
  it('gives the new page its h1, made focusable with tabIndex -1, instead of leaving <body>', async () => {
    const { rerender } = render(
      <Page route="/one">
        <h1>One</h1>
      </Page>,
    );
    await waitFor(() => expect(document.activeElement).toBe(heading('One')));
    expect(heading('One').tabIndex).toBe(-1);
    rerender(
      <Page route="/two">
        <h1>Two</h1>
        <button type="button">Next</button>
      </Page>,
    );
    await waitFor(() => expect(document.activeElement).toBe(heading('Two')));
  });

  it("moves the focus off a control the page before left behind, onto the new page's h1", async () => {
    const { rerender } = render(
      <Page route="/one">
        <h1>Same heading</h1>
        <button type="button">Continue</button>
      </Page>,
    );
    await waitFor(() => expect(document.activeElement?.tagName).toBe('H1'));
    act(() => screen.getByRole('button', { name: 'Continue' }).focus());
    rerender(
      <Page route="/two">
        <h1>Same heading</h1>
        <button type="button">Continue</button>
      </Page>,
    );
    await waitFor(() => expect(document.activeElement?.tagName).toBe('H1'));
  });

  it('leaves the focus where the person moved it after the route changed, before the page settled', async () => {
    const { rerender } = render(<Page route={undefined} />);
    rerender(
      <Page route="/warning">
        <h1>Warning</h1>
        <button type="button">Go back</button>
      </Page>,
    );
    // Synchronously, before the next frame: a keyboard user (or a test) already on the page's button.
    act(() => screen.getByRole('button', { name: 'Go back' }).focus());
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Go back' }));
  });

  it('leaves the focus in the first field of a page whose purpose is to type', async () => {
    const { rerender } = render(<Page route="/one" />);
    rerender(
      <Page route="/code">
        <h1>Enter the code</h1>
        {/* biome-ignore lint/a11y/noAutofocus: how a page whose purpose is to type focuses its field */}
        <input aria-label="Code" autoFocus />
      </Page>,
    );
    const field = screen.getByRole('textbox', { name: 'Code' });
    await waitFor(() => expect(document.activeElement).toBe(field));
    // Give the mechanism its frame: it must not take the focus back to the heading.
    await act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    expect(document.activeElement).toBe(field);
  });

  it('waits for a page in a chunk of its own: the h1 takes the focus once it is inserted', async () => {
    const { rerender } = render(
      <Page route="/lazy">
        <p>Loading</p>
      </Page>,
    );
    await act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    expect(document.activeElement).toBe(document.body);
    rerender(
      <Page route="/lazy">
        <h1>Loaded</h1>
      </Page>,
    );
    await waitFor(() => expect(document.activeElement).toBe(heading('Loaded')));
  });

  it('keeps focus the user put outside the page, and does nothing while no screen is routed', async () => {
    const { rerender } = render(<Page route={undefined} />);
    rerender(
      <Page route={undefined}>
        <h1>Progress</h1>
      </Page>,
    );
    await act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    expect(document.activeElement).toBe(document.body);
    const language = screen.getByRole('button', { name: 'Language' });
    act(() => language.focus());
    rerender(
      <Page route="/next">
        <h1>Next</h1>
      </Page>,
    );
    await act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    expect(document.activeElement).toBe(language);
  });
});
