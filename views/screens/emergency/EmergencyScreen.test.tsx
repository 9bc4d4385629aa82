import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  backend,
  expectAccessible,
  fillUsAddress,
  labels,
  outputs,
  page,
  pageAlert,
  renderFlow,
  required,
  resetBackend,
  submitForm,
  tracking,
  type,
  typed,
} from './emergencyTesting.tsx';

afterEach(resetBackend);

describe('emergency address pages on the emergency flow', () => {
  it("shows the US form: its labels in the format's order, required marks, examples, lengths and state list", async () => {
    renderFlow({});
    await screen.findByRole('heading', { name: 'Enter your emergency address' });
    await waitFor(() => expect(document.title).toBe('Enter your emergency address'));
    expect(labels()).toEqual([
      'Customer name',
      'Street address',
      'Apartment, suite or unit',
      'City',
      'State',
      'ZIP code',
    ]);
    expect(required()).toEqual(['customerName', 'street', 'city', 'state', 'zip']);
    expect(document.querySelectorAll('form label [aria-hidden="true"]')).toHaveLength(5);
    const zip = screen.getByLabelText(/ZIP code/) as HTMLInputElement;
    expect(zip.placeholder).toBe('94105');
    expect(zip.maxLength).toBe(10);
    expect(zip.autocomplete).toBe('postal-code');
    expect((screen.getByLabelText(/Customer name/) as HTMLInputElement).value).toBe('Nora Castlemaine');
    const state = screen.getByRole('combobox', { name: /State/ });
    expect(
      within(state)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose', 'California', 'New York']);
    // City, state and ZIP share a line, as the US writes them.
    expect(zip.closest('[class*="fieldRow"]')).toBe(state.closest('[class*="fieldRow"]'));
    expect(screen.getByRole('button', { name: "I'm outside the United States" })).toBeTruthy();
  });

  it('shows the UK form with its own labels: post town, an optional county list, postcode', async () => {
    renderFlow({ tracking: tracking({ userCountryId: 224, userCountryIsoCode: 'GB' }) });
    await page('emergencyEditor');
    await waitFor(() =>
      expect(labels()).toEqual([
        'Customer name',
        'Street address',
        'Apartment, suite or unit',
        'Post town',
        'County',
        'Postcode',
      ]),
    );
    expect(required()).toEqual(['customerName', 'street', 'city', 'zip']);
    expect((screen.getByLabelText(/Postcode/) as HTMLInputElement).placeholder).toBe('SW1A 1AA');
    expect(screen.getByRole('combobox', { name: /County/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: "I'm outside the United Kingdom" })).toBeTruthy();
  });

  it('refuses empty fields with the spec §5 messages: one error summary, focused, linking each field; each message tied to its field', async () => {
    renderFlow({});
    await screen.findByRole('heading', { name: 'Enter your emergency address' });
    type(/Customer name/, '');
    type(/City/, 'Zürich');
    submitForm();
    const summary = await screen.findByRole('group', { name: 'There is a problem' });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    // One summary in the form's order, each link the field's own message; no general message besides.
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Please input a Customer name', '#emergency-customerName'],
      ['Please input a Street address', '#emergency-street'],
      ['City is not valid', '#emergency-city'],
      ['State is required', '#emergency-state'],
      ['Please input a ZIP code', '#emergency-zip'],
    ]);
    expect(pageAlert('emergencyEditor')).toBe('');
    // Announced once, by the focused summary: nothing on the page speaks as a live region.
    const speaking = [...document.querySelectorAll('[role="alert"], [role="status"], [aria-live]')].filter(
      (region) => region.textContent !== '',
    );
    expect(speaking).toEqual([]);
    fireEvent.click(within(summary).getByRole('link', { name: 'State is required' }));
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: /State/ }));
    const errorOf = (label: RegExp) => {
      const control = screen.getByLabelText(label);
      expect(control.getAttribute('aria-invalid')).toBe('true');
      return document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent;
    };
    expect(errorOf(/Customer name/)).toBe('Please input a Customer name');
    expect(errorOf(/Street address/)).toBe('Please input a Street address');
    expect(errorOf(/City/)).toBe('City is not valid');
    expect(errorOf(/State/)).toBe('State is required');
    expect(errorOf(/ZIP code/)).toBe('Please input a ZIP code');
    expect(screen.getByLabelText(/Apartment/).getAttribute('aria-invalid')).toBeNull();
    await expectAccessible();
    expect(backend.validated).toEqual([]);
    // Typing clears that field's message, and the focus stays where the user is typing.
    const street = screen.getByLabelText(/Street address/);
    street.focus();
    type(/Street address/, '1 Market St');
    await waitFor(() => expect(street.getAttribute('aria-invalid')).toBeNull());
    expect(document.activeElement).toBe(street);
  });

  it('offers one suggestion beside what was typed, registers it and says it may take 48 hours', async () => {
    const corrected = { ...typed, city: 'San Francisco' };
    backend.validation = { status: 'Valid', suggestions: [corrected] };
    renderFlow({});
    await screen.findByRole('heading', { name: 'Enter your emergency address' });
    fillUsAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Verify address' }));
    await screen.findByRole('heading', { name: 'Confirm your emergency address' });
    expect(backend.validated).toEqual([typed]);
    const entered = screen.getByRole('heading', { name: 'You entered' }).parentElement as HTMLElement;
    const suggested = screen.getByRole('heading', { name: 'Suggested address' }).parentElement as HTMLElement;
    expect(entered.textContent).toContain('San Fransisco, CA, 94105, United States');
    expect(suggested.textContent).toContain('1 Market St');
    expect(suggested.textContent).toContain('San Francisco, CA, 94105, United States');
    fireEvent.click(screen.getByRole('button', { name: 'Use this address' }));
    await screen.findByRole('heading', { name: 'Emergency address saved' });
    expect(backend.registered).toEqual([
      expect.objectContaining({
        addressType: 'OTHER',
        emergencyServiceAddress: corrected,
        originalDeviceId: 'device-1',
      }),
    ]);
    expect(screen.getByText('A new address may take up to 48 hours or more to take effect.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(outputs).toEqual([{ outcome: 'completed' }]));
  });

  it('asks which of several suggestions, and says so when Use is pressed before choosing', async () => {
    const first = { ...typed, street: '1 Market St E' };
    const second = { ...typed, street: '1 Market St W' };
    backend.validation = { status: 'Ambiguous', suggestions: [first, second] };
    renderFlow({});
    await screen.findByRole('heading', { name: 'Enter your emergency address' });
    fillUsAddress();
    submitForm();
    const group = await screen.findByRole('group', { name: 'Matching addresses' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect(radios[1]?.closest('label')?.textContent).toContain('1 Market St W');
    await expectAccessible();
    expect(pageAlert('emergencyConfirm')).toBe(
      'The address is not recognized. Please verify the address or contact our support for advanced help.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Use the selected address' }));
    await waitFor(() => expect(document.activeElement).toBe(radios[0]));
    expect(backend.registered).toEqual([]);
    fireEvent.click(radios[1] as HTMLElement);
    await waitFor(() => expect((radios[1] as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Use the selected address' }));
    await screen.findByRole('heading', { name: 'Emergency address saved' });
    expect(backend.registered).toEqual([expect.objectContaining({ emergencyServiceAddress: second })]);
  });

  it("says 'No matching address found.' with no suggestion, and Edit returns to what was typed", async () => {
    backend.validation = { status: 'Invalid', suggestions: [] };
    renderFlow({});
    await screen.findByRole('heading', { name: 'Enter your emergency address' });
    fillUsAddress();
    submitForm();
    await page('emergencyConfirm');
    await waitFor(() => expect(pageAlert('emergencyConfirm')).toBe('No matching address found.'));
    expect(screen.queryByRole('button', { name: /Use/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await page('emergencyEditor');
    expect((screen.getByLabelText(/City/) as HTMLInputElement).value).toBe('San Fransisco');
    expect(backend.registered).toEqual([]);
  });

  it('a changed verification version shows the address on file once worded, then Edit opens it in its form', async () => {
    renderFlow({
      device: {
        deviceId: 'device-1',
        type: 'OTHER',
        address: typed,
        addressFormatId: 'US-emergency',
        addressStatus: 'Valid',
        verificationVersion: 1,
        locationDeleted: false,
        outOfCountry: false,
        locked: false,
      },
    });
    await screen.findByRole('heading', { name: 'Check your emergency address' });
    expect(
      screen.getAllByText(
        'Emergency address verification process has been updated. Please edit or confirm your emergency address.',
      ),
    ).toHaveLength(1);
    const current = screen.getByRole('heading', { name: 'Your emergency address now' }).parentElement;
    expect(current?.textContent).toContain('1 Market St');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await screen.findByRole('heading', { name: 'Enter your emergency address' });
    expect((screen.getByLabelText(/Street address/) as HTMLInputElement).value).toBe('1 Market St');
    expect((screen.getByRole('combobox', { name: /State/ }) as HTMLSelectElement).value).toBe('CA');
  });

  it('BYOC: the local carrier provisions the address; Continue acknowledges it and goes on', async () => {
    renderFlow({ tracking: tracking({ carrier: 'byoc' }) });
    await screen.findByRole('heading', { name: 'Your emergency address' });
    expect(screen.getByText(/your local carrier provisions your emergency address/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(outputs).toEqual([{ outcome: 'completed' }]));
    expect(backend.registered).toEqual([expect.objectContaining({ addressType: 'NO_DEFINED_LOCATION' })]);
  });

  it('702: warns that the digital line is missing, and Continue goes on', async () => {
    renderFlow({}, { code: 702 });
    await screen.findByRole('heading', { name: 'No digital line for emergency calls' });
    expect(screen.getByText('The digital line is not found or belongs to another extension.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(outputs).toEqual([{ outcome: 'completed' }]));
  });

  it('out of country: the disclaimer, then I Accept opens the editor with a country list', async () => {
    renderFlow({});
    await screen.findByRole('heading', { name: 'Enter your emergency address' });
    fireEvent.click(screen.getByRole('button', { name: "I'm outside the United States" }));
    await screen.findByRole('heading', { name: 'Emergency calls from outside the United States' });
    expect(
      screen.getByText(
        'Emergency calls made outside the United States may not reach the emergency services where you are, and they may not receive your address.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/another phone is available/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await page('emergencyEditor');
    fireEvent.click(screen.getByRole('button', { name: "I'm outside the United States" }));
    fireEvent.click(await screen.findByRole('button', { name: 'I Accept' }));
    await page('emergencyEditor');
    const country = await screen.findByRole('combobox', { name: /Country/ });
    await expectAccessible();
    expect((country as HTMLSelectElement).value).toBe('1');
    expect(screen.queryByRole('button', { name: /I'm outside/ })).toBeNull();
  });
});
