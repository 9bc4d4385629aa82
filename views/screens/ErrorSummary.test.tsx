import { fireEvent, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { type FormEvent, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../i18n/testing.tsx';
import { useFocusOnArrival } from '../RouteFocus.ts';
import { ErrorSummary, type ErrorSummaryItem, useErrorSummaryFocus } from './ErrorSummary.tsx';

type Errors = Partial<Record<'street' | 'zip', string>>;

/** A form as the flows' forms use the summary: errors come as the answer to a submit, or clear as typed. */
function Form({ answer }: { answer: Errors }) {
  const [errors, setErrors] = useState<Errors>({});
  const { summaryRef, markSubmitted } = useErrorSummaryFocus(errors);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    markSubmitted();
    setErrors({ ...answer });
  };
  const items: ErrorSummaryItem[] = (['street', 'zip'] as const).flatMap((name) => {
    const message = errors[name];
    return message ? [{ controlId: name, message }] : [];
  });
  return (
    <main>
      <h1>Address</h1>
      <form onSubmit={submit} noValidate>
        <ErrorSummary items={items} summaryRef={summaryRef} />
        {(['street', 'zip'] as const).map((name) => (
          <div key={name}>
            <label htmlFor={name}>{name}</label>
            <input
              id={name}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={errors[name] ? `${name}-error` : undefined}
              // Typing clears the field's message, as the flows do: no answer to a submit.
              onChange={() => setErrors(({ [name]: _, ...rest }) => rest)}
            />
            <p id={`${name}-error`}>{errors[name]}</p>
          </div>
        ))}
        <button type="submit">Verify</button>
      </form>
    </main>
  );
}

/** A page reached with its errors already there (a save refused on the page after it). */
function OpensWithErrors() {
  const { summaryRef } = useErrorSummaryFocus(answer, true);
  return (
    <>
      <h1>Address</h1>
      <ErrorSummary items={[{ controlId: 'street', message: answer.street }]} summaryRef={summaryRef} />
      <label htmlFor="street">street</label>
      <input id="street" aria-invalid aria-describedby="street-error" />
      <p id="street-error">{answer.street}</p>
    </>
  );
}
/** Routed as the app routes its screens: the arrival's focus is the frame's, around the page. */
function Routed() {
  useFocusOnArrival('/emergencyAddress/edit');
  return (
    <main>
      <OpensWithErrors />
    </main>
  );
}

const summary = () => document.querySelector<HTMLElement>('[data-error-summary]');
const links = () =>
  screen.queryAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
const answer = { street: 'Please input a Street address', zip: 'ZIP code is not valid' };

describe('ErrorSummary (GOV.UK error summary pattern)', () => {
  it('shows nothing until a submit is refused; then one box, named, listing each field in error', async () => {
    await renderWithIntl(<Form answer={answer} />);
    expect(summary()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const group = await screen.findByRole('group', { name: 'There is a problem' });
    expect(group).toBe(summary());
    expect(screen.getByRole('heading', { level: 2, name: 'There is a problem' })).toBeTruthy();
    expect(links()).toEqual([
      ['Please input a Street address', '#street'],
      ['ZIP code is not valid', '#zip'],
    ]);
    // Read as one: its name, then its list as the description.
    expect(document.getElementById(group.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Please input a Street addressZIP code is not valid',
    );
  });

  it('takes the focus on the refused submit and announces once: no live region in it or in the fields', async () => {
    await renderWithIntl(<Form answer={answer} />);
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(document.activeElement).toBe(summary()));
    expect(summary()?.tabIndex).toBe(-1);
    expect(document.querySelectorAll('[role="alert"], [role="status"], [aria-live]')).toHaveLength(0);
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('each link moves the focus to its field, and leaves the address (the routes) as it was', async () => {
    await renderWithIntl(<Form answer={answer} />);
    const before = window.location.href;
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(document.activeElement).toBe(summary()));
    fireEvent.click(screen.getByRole('link', { name: 'ZIP code is not valid' }));
    expect(document.activeElement).toBe(screen.getByLabelText('zip'));
    fireEvent.click(screen.getByRole('link', { name: 'Please input a Street address' }));
    expect(document.activeElement).toBe(screen.getByLabelText('street'));
    expect(window.location.href).toBe(before);
  });

  it('a message cleared by typing leaves its link and the focus where the user types; the next refusal focuses again', async () => {
    await renderWithIntl(<Form answer={answer} />);
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(document.activeElement).toBe(summary()));
    fireEvent.click(screen.getByRole('link', { name: 'Please input a Street address' }));
    const street = screen.getByLabelText('street');
    fireEvent.change(street, { target: { value: '1 Market St' } });
    await waitFor(() => expect(links()).toEqual([['ZIP code is not valid', '#zip']]));
    expect(document.activeElement).toBe(street);
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(document.activeElement).toBe(summary()));
  });

  it("a page that opens with errors gives the focus to its summary, not to its heading as a route's arrival would", async () => {
    await renderWithIntl(<Routed />);
    await waitFor(() => expect(document.activeElement).toBe(summary()));
    // A frame later still: the arrival's focus has looked and left it there.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    expect(document.activeElement).toBe(summary());
  });

  it("names the problem in the person's language", async () => {
    await renderWithIntl(<Form answer={answer} />, 'fr_CA');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('group', { name: 'Il y a un problème' })).toBeTruthy();
  });
});
