import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../i18n/testing.tsx';
import { PasswordField } from './PasswordField.tsx';

/** The field in a form, as the password page and the account forms have it; submits are recorded. */
async function renderField(localeId = 'en_US') {
  const submits: { type: string; value: string }[] = [];
  await renderWithIntl(
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const input = event.currentTarget.elements.namedItem('password') as HTMLInputElement;
        submits.push({ type: input.type, value: input.value });
      }}
    >
      <p id="password-hint">Hint</p>
      <PasswordField
        name="password"
        label="password.label"
        error={undefined}
        type="password"
        autoComplete="current-password"
        maxLength={256}
        aria-describedby="password-hint"
      />
      <button type="submit">Go</button>
    </form>,
    localeId,
  );
  const input = document.getElementById('password') as HTMLInputElement;
  const toggle = document.querySelector('button[aria-controls="password"]') as HTMLButtonElement;
  return { input, toggle, submits, user: userEvent.setup() };
}

/** As some browsers do (jsdom keeps it), a change of the input's type puts the caret at the end. */
function caretToEndOnTypeChange(input: HTMLInputElement) {
  const setAttribute = input.setAttribute.bind(input);
  input.setAttribute = (name: string, value: string) => {
    setAttribute(name, value);
    if (name === 'type') input.setSelectionRange(input.value.length, input.value.length);
  };
}

const describedBy = (element: Element) => (element.getAttribute('aria-describedby') ?? '').split(' ');

describe('PasswordField', () => {
  it('is a password input password managers know, with a toggle button after it that controls it', async () => {
    const { input, toggle } = await renderField();
    expect(screen.getByLabelText('Password')).toBe(input);
    expect(input.type).toBe('password');
    expect(input.name).toBe('password');
    expect(input.autocomplete).toBe('current-password');
    expect(input.maxLength).toBe(256);
    // A visible password must not go to a spell checker or be autocorrected.
    expect(input.getAttribute('spellcheck')).toBe('false');
    expect(input.getAttribute('autocapitalize')).toBe('none');
    expect(screen.getByRole('button', { name: 'Show password' })).toBe(toggle);
    expect(toggle.getAttribute('type')).toBe('button');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe('password');
    // Several toggles on one page (current, new, confirm) are told apart by their field's label.
    expect(document.getElementById(toggle.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Password',
    );
    expect(input.compareDocumentPosition(toggle) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows and hides the password, announcing the state by aria-pressed, the value untouched', async () => {
    const { input, toggle, user } = await renderField();
    await user.type(input, 'Violet-Harbor-47');
    await user.click(toggle);
    expect(input.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(input.value).toBe('Violet-Harbor-47');
    expect(input.name).toBe('password');
    expect(input.autocomplete).toBe('current-password');
    await user.click(toggle);
    expect(input.type).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(input.value).toBe('Violet-Harbor-47');
  });

  it('a click keeps the focus in the field with its caret and selection, so typing goes on', async () => {
    const { input, toggle, user } = await renderField();
    caretToEndOnTypeChange(input);
    await user.type(input, 'Violet-Harbor-47');
    input.setSelectionRange(3, 9, 'backward');
    await user.click(toggle);
    expect(document.activeElement).toBe(input);
    expect([input.selectionStart, input.selectionEnd, input.selectionDirection]).toEqual([3, 9, 'backward']);
    input.setSelectionRange(6, 6);
    await user.click(toggle);
    await user.keyboard('X');
    expect(input.value).toBe('VioletX-Harbor-47');
  });

  it('from the keyboard the focus stays on the toggle, and the field keeps its caret', async () => {
    const { input, toggle, user } = await renderField();
    caretToEndOnTypeChange(input);
    await user.type(input, 'Violet-Harbor-47');
    input.setSelectionRange(4, 4);
    await user.tab();
    expect(document.activeElement).toBe(toggle);
    await user.keyboard(' ');
    expect(input.type).toBe('text');
    expect(document.activeElement).toBe(toggle);
    expect([input.selectionStart, input.selectionEnd]).toEqual([4, 4]);
    await user.keyboard('{Enter}');
    expect(input.type).toBe('password');
    expect(document.activeElement).toBe(toggle);
  });

  it('is a password again when the form submits, before the form reads it', async () => {
    const { input, toggle, submits, user } = await renderField();
    await user.type(input, 'Violet-Harbor-47');
    await user.click(toggle);
    expect(input.type).toBe('text');
    await user.type(input, '{Enter}');
    expect(submits).toEqual([{ type: 'password', value: 'Violet-Harbor-47' }]);
    expect(input.type).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
  });

  it('says Caps Lock is on while it is and the field has the focus, tied to the field', async () => {
    const { input, user } = await renderField();
    const note = screen.getByRole('status');
    expect(note.textContent).toBe('');
    expect(describedBy(input)).toEqual(['password-hint']);
    await user.click(input);
    await user.keyboard('a');
    expect(note.textContent).toBe('');
    await user.keyboard('{CapsLock}');
    await user.keyboard('b');
    expect(note.textContent).toBe('Caps Lock is on');
    expect(describedBy(input)).toEqual(['password-hint', note.id]);
    // user-event, like some platforms, still reports the lock on the key that releases it: the next key
    // tells.
    await user.keyboard('{CapsLock}d');
    expect(note.textContent).toBe('');
    expect(describedBy(input)).toEqual(['password-hint']);
    // On again, then the focus leaves: the note goes with it.
    await user.keyboard('{CapsLock}c');
    expect(note.textContent).toBe('Caps Lock is on');
    await user.tab();
    expect(note.textContent).toBe('');
  });

  it('announces Caps Lock once, not on every key typed while it is on', async () => {
    const { input } = await renderField();
    const note = screen.getByRole('status');
    input.focus();
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(note, { childList: true, subtree: true, characterData: true });
    for (const key of ['A', 'B', 'C', 'D']) {
      fireEvent.keyDown(input, { key, modifierCapsLock: true });
      fireEvent.keyUp(input, { key, modifierCapsLock: true });
    }
    await Promise.resolve();
    observer.disconnect();
    expect(note.textContent).toBe('Caps Lock is on');
    expect(changes.filter((change) => change.addedNodes.length > 0)).toHaveLength(1);
  });

  it('reads Caps Lock from a click into the field too, and an event without the state is off', async () => {
    const { input } = await renderField();
    const note = screen.getByRole('status');
    fireEvent.mouseDown(input, { modifierCapsLock: true });
    expect(note.textContent).toBe('Caps Lock is on');
    // A plain Event named keydown (some autofill tools send one) carries no modifier state.
    fireEvent(input, new Event('keydown', { bubbles: true }));
    expect(note.textContent).toBe('');
  });

  it('speaks the locale', async () => {
    const { toggle, input } = await renderField('de_DE');
    expect(toggle.textContent).toBe('Passwort anzeigen');
    fireEvent.keyDown(input, { key: 'A', modifierCapsLock: true });
    expect(screen.getByRole('status').textContent).toBe('Die Feststelltaste ist aktiviert');
  });
});
