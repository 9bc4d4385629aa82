import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  backend,
  cabin,
  expectAccessible,
  fillUsAddress,
  headquarters,
  home,
  labels,
  pageAlert,
  renderFlow,
  resetBackend,
  submitForm,
  tracking,
  type,
  typed,
} from './emergencyTesting.tsx';

afterEach(resetBackend);

describe('emergency response location pages on the emergency flow', () => {
  it("lists company and personal locations; Submit with none says 'Please select…' and focuses the list", async () => {
    renderFlow({
      tracking: tracking({ emergencyLocationsEnabled: true }),
      locations: [headquarters, home],
    });
    await screen.findByRole('heading', { name: 'Choose your emergency response location' });
    const group = screen.getByRole('group', { name: 'Emergency response locations' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Headquarters20 Davis DrBelmont, CA, 94002, United StatesVerified',
      'Home350 5th AveNew York, NY, 10118, United StatesVerified',
    ]);
    // Delete is offered on the user's own location only.
    expect(
      screen.getAllByRole('button', { name: /^Delete/ }).map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Delete Home']);
    expect(screen.getByRole('button', { name: 'Add new personal location' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(pageAlert('emergencyChooseLocation')).toBe('Please select an Emergency Response Location'),
    );
    await waitFor(() => expect(document.activeElement).toBe(radios[0]));
    expect(group.getAttribute('aria-describedby')).toBe('emergencyChooseLocation-error');
    await expectAccessible();
    fireEvent.click(radios[0] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { name: 'Emergency address saved' });
    expect(backend.registered).toEqual([
      expect.objectContaining({ addressType: 'ERL', emergencyLocationId: 'hq' }),
    ]);
  });

  it('at the personal limit asks which location the new one replaces, then saves it in its place', async () => {
    backend.validation = { status: 'Valid', suggestions: [] };
    renderFlow({
      tracking: tracking({ emergencyLocationsEnabled: true }),
      locations: [headquarters, home, cabin],
      erlLimit: 2,
    });
    await screen.findByRole('heading', { name: 'Choose your emergency response location' });
    fireEvent.click(screen.getByRole('button', { name: 'Add new personal location' }));
    await screen.findByRole('heading', { name: 'Add a personal location' });
    expect(labels()[0]).toBe('Nickname');
    type(/Nickname/, 'Office <2>');
    fillUsAddress();
    submitForm();
    await waitFor(() =>
      expect(document.getElementById('emergency-nickname-error')?.textContent).toBe(
        'Please enter a valid Nickname without special symbols such as <>, ", /.',
      ),
    );
    // The nickname, first in the form, is first in the error summary, which has the focus.
    const summary = screen.getByRole('group', { name: 'There is a problem' });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getAllByRole('link')[0]?.getAttribute('href')).toBe('#emergency-nickname');
    type(/Nickname/, 'Office');
    submitForm();
    await screen.findByRole('heading', { name: 'Confirm your emergency address' });
    fireEvent.click(screen.getByRole('button', { name: 'Use this address' }));
    await screen.findByRole('heading', { name: 'Replace a personal location' });
    expect(
      screen.getByText('You can have up to 2 personal locations. Choose the one your new location replaces.'),
    ).toBeTruthy();
    const group = screen.getByRole('group', { name: 'Your personal locations' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => (radio as HTMLInputElement).value)).toEqual(['cabin', 'home']); // by name, in the page's locale (spec §5)
    await expectAccessible();
    fireEvent.click(screen.getByRole('button', { name: 'Replace' }));
    await waitFor(() =>
      expect(pageAlert('emergencyReplace')).toBe('Please select an Emergency Response Location'),
    );
    fireEvent.click(radios[0] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Replace' }));
    await screen.findByRole('heading', { name: 'Emergency address saved' });
    expect(backend.added).toEqual([
      expect.objectContaining({ nickname: 'Office', replaceLocationId: 'cabin', address: typed }),
    ]);
    expect(backend.registered).toEqual([
      expect.objectContaining({ addressType: 'ERL', emergencyLocationId: 'new' }),
    ]);
  });

  it('deleting a location another number uses asks for its replacement first', async () => {
    renderFlow({
      tracking: tracking({ emergencyLocationsEnabled: true }),
      locations: [headquarters, { ...home, inUseByOtherNumber: true }, cabin],
    });
    await screen.findByRole('heading', { name: 'Choose your emergency response location' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Home' }));
    await screen.findByRole('heading', { name: 'Choose a replacement location' });
    expect(
      screen.getByText(
        'The selected ERL has been used in another number. Select one available ERL to replace.',
      ),
    ).toBeTruthy();
    expect(screen.getByText("You're deleting Home.")).toBeTruthy();
    const group = screen.getByRole('group', { name: 'Available locations' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => (radio as HTMLInputElement).value)).toEqual(['cabin', 'hq']); // by name, in the page's locale (spec §5)
    fireEvent.click(screen.getByRole('button', { name: 'Delete and replace' }));
    await waitFor(() =>
      expect(pageAlert('emergencyDeleteReplacement')).toBe('Please select an Emergency Response Location'),
    );
    await waitFor(() => expect(document.activeElement).toBe(radios[0]));
    fireEvent.click(radios[0] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Delete and replace' }));
    await screen.findByRole('heading', { name: 'Choose your emergency response location' });
    expect(backend.deleted).toEqual([
      expect.objectContaining({ locationId: 'home', replacementLocationId: 'cabin' }),
    ]);
    const left = within(screen.getByRole('group', { name: 'Emergency response locations' }));
    expect(left.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value)).toEqual([
      'hq',
      'cabin',
    ]);
  });
});
