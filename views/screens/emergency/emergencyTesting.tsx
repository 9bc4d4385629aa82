/**
 * The emergency pages' test bench: the real flow (machines/emergency/) with stand-ins for its calls,
 * hosted as the sign-in machine hosts it, and the fixtures the page tests share.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { expect } from 'vitest';
import { fromPromise, setup } from 'xstate';
import type {
  AddressFormat,
  AddressValidation,
  EmergencyAddress,
  EmergencyLocation,
  ExtensionTrackingInfo,
  StateRecord,
} from '../../../api/contract/emergency.ts';
import { I18nProvider } from '../../../i18n/I18nProvider.tsx';
import { emergencyMachine } from '../../../machines/emergency/emergency.machine.ts';
import type {
  EmergencyEntry,
  EmergencyInput,
  EmergencyOutput,
  EmergencySituation,
} from '../../../machines/emergency/emergency.types.ts';
import { lazyFlow } from '../../../machines/lazyFlow.ts';
import type { signInMachine } from '../../../machines/signIn.machine.ts';
import { SignInActor } from '../../SignInActor.ts';
import { lazyScreen } from '../lazyScreen.tsx';
import { EmergencyScreen } from './EmergencyScreen.tsx';

/** Spec §3 ERL fields as the reference catalogue words them for the US and the UK (labels by key). */
const field = (
  overrides: Partial<AddressFormat['fields'][number]> &
    Pick<AddressFormat['fields'][number], 'name' | 'labelKey' | 'line'>,
) => ({
  required: true,
  maxLength: 64,
  input: 'text' as const,
  ...overrides,
});
const usFormat: AddressFormat = {
  id: 'US-emergency',
  countryId: 1,
  countryIsoCode: 'US',
  applicableToAddressTypes: ['Emergency', 'Billing'],
  fields: [
    field({ name: 'customerName', labelKey: 'customerName', line: 0 }),
    field({ name: 'street', labelKey: 'street', line: 1, example: '1 Market St', maxLength: 100 }),
    field({ name: 'street2', labelKey: 'apartment', line: 2, example: 'Suite 200', required: false }),
    field({ name: 'city', labelKey: 'city', line: 3, example: 'San Francisco' }),
    field({ name: 'state', labelKey: 'state', line: 3, input: 'select' }),
    field({
      name: 'zip',
      labelKey: 'zip',
      line: 3,
      example: '94105',
      maxLength: 10,
      pattern: '\\d{5}(-\\d{4})?',
    }),
  ],
};
const ukFormat: AddressFormat = {
  id: 'GB-emergency',
  countryId: 224,
  countryIsoCode: 'GB',
  applicableToAddressTypes: ['Emergency'],
  fields: [
    field({ name: 'customerName', labelKey: 'customerName', line: 0 }),
    field({ name: 'street', labelKey: 'street', line: 1, example: '10 Downing Street', maxLength: 100 }),
    field({ name: 'street2', labelKey: 'apartment', line: 2, required: false }),
    field({ name: 'city', labelKey: 'postTown', line: 3, example: 'London' }),
    field({ name: 'state', labelKey: 'county', line: 4, input: 'select', required: false }),
    field({ name: 'zip', labelKey: 'postcode', line: 5, example: 'SW1A 1AA', maxLength: 8 }),
  ],
};
const states: Record<number, StateRecord[]> = {
  1: [
    { id: 16, name: 'California', isoCode: 'CA', countryId: 1 },
    { id: 43, name: 'New York', isoCode: 'NY', countryId: 1 },
  ],
  224: [{ id: 9001, name: 'Kent', isoCode: 'KEN', countryId: 224 }],
};
const formats: Record<number, AddressFormat> = { 1: usFormat, 224: ukFormat };

export const tracking = (overrides: Partial<ExtensionTrackingInfo> = {}): ExtensionTrackingInfo => ({
  userCountryId: 1,
  userCountryIsoCode: 'US',
  originalDeviceId: 'device-1',
  hasDigitalLine: true,
  carrier: 'platform',
  emergencyLocationsEnabled: false,
  personalLocationsAllowed: true,
  erlLimit: 2,
  deviceSelectionMode: 'MainDevice',
  currentVerificationVersion: 2,
  ...overrides,
});
export const location = (
  locationId: string,
  nickname: string,
  category: EmergencyLocation['category'],
  address: EmergencyAddress,
): EmergencyLocation => ({
  locationId,
  nickname,
  address,
  addressFormatId: 'US-emergency',
  category,
  addressStatus: 'Valid',
  inUseByOtherNumber: false,
});
export const headquarters = location('hq', 'Headquarters', 'company', {
  country: 'US',
  street: '20 Davis Dr',
  city: 'Belmont',
  state: 'CA',
  zip: '94002',
});
export const home = location('home', 'Home', 'personal', {
  country: 'US',
  street: '350 5th Ave',
  city: 'New York',
  state: 'NY',
  zip: '10118',
});
export const cabin = location('cabin', 'Cabin', 'personal', {
  country: 'US',
  street: '1 Lake Rd',
  city: 'Tahoe City',
  state: 'CA',
  zip: '96145',
});

/** As the app shows it: once its messages are all in (views/screens/lazyScreens.ts). */
const EmergencyView = lazyScreen(async () => EmergencyScreen).View;

/** What the stand-ins answer, and what the flow asked of them. */
export const backend = {
  validation: { status: 'Valid', suggestions: [] } as AddressValidation,
  validated: [] as EmergencyAddress[],
  registered: [] as object[],
  added: [] as object[],
  deleted: [] as object[],
};
export const outputs: EmergencyOutput[] = [];
/** Between tests: the stand-ins forget what they were asked. */
export function resetBackend() {
  Object.assign(backend, { validated: [], registered: [], added: [], deleted: [] });
  outputs.length = 0;
}

/**
 * The real emergency flow with stand-ins for its calls, run as the sign-in machine runs it (a lazily
 * loaded child named `emergency`), under a host that takes Cancel; the pages see only that.
 */
export function renderFlow(situation: Partial<EmergencySituation>, entry: EmergencyEntry = { code: 701 }) {
  const flow = emergencyMachine.provide({
    actors: {
      loadEmergencySituation: fromPromise(async () => ({
        tracking: tracking(),
        device: undefined,
        locations: [],
        erlLimit: 2,
        customerName: 'Nora Castlemaine',
        ...situation,
      })),
      loadAddressForm: fromPromise(async ({ input }: { input: { countryId: number } }) => ({
        format: formats[input.countryId],
        states: states[input.countryId] ?? [],
        countries: undefined,
      })),
      validateAddress: fromPromise(async ({ input }: { input: { address: EmergencyAddress } }) => {
        backend.validated.push(input.address);
        return backend.validation;
      }),
      addEmergencyLocation: fromPromise(
        async ({ input }: { input: { nickname: string; address: EmergencyAddress } }) => {
          backend.added.push(input);
          return { location: location('new', input.nickname, 'personal', input.address) };
        },
      ),
      deleteEmergencyLocation: fromPromise(async ({ input }: { input: { locationId: string } }) => {
        backend.deleted.push(input);
        return { deletedLocationId: input.locationId };
      }),
      registerVirtualLine: fromPromise(async ({ input }: { input: object }) => {
        backend.registered.push(input);
        return {
          device: {
            deviceId: 'device-1',
            type: 'OTHER',
            verificationVersion: 2,
            locationDeleted: false,
            outOfCountry: false,
            locked: false,
          },
          takesEffectWithinHours: 48,
        };
      }),
    },
  } as unknown as Parameters<typeof emergencyMachine.provide>[0]);
  const input: EmergencyInput = {
    clientId: 'demo-app',
    brandId: '1210',
    sessionId: 's1',
    localeId: 'en_US',
    lookup: {},
    entry,
  };
  const host = setup({ actors: { emergency: lazyFlow(() => Promise.resolve(flow)) } }).createMachine({
    invoke: {
      id: 'emergency',
      src: 'emergency',
      input,
      onDone: { actions: ({ event }) => void outputs.push(event.output as EmergencyOutput) },
    },
    on: { 'user.cancel': { actions: () => undefined } },
  });
  return render(
    <SignInActor.Provider logic={host as unknown as typeof signInMachine}>
      <I18nProvider localeId="en_US">
        <EmergencyView />
      </I18nProvider>
    </SignInActor.Provider>,
  );
}

export const page = (name: string) =>
  waitFor(() => expect(document.querySelector(`[data-screen="${name}"]`)).toBeTruthy());
/** The form's labels as read: the label's own text, the required mark left out (it is aria-hidden). */
export const labels = () =>
  [...document.querySelectorAll('form label')].map((label) =>
    [...label.childNodes]
      .filter((node) => !(node instanceof HTMLElement && node.getAttribute('aria-hidden') === 'true'))
      .map((node) => node.textContent)
      .join(''),
  );
export const required = () =>
  [...document.querySelectorAll<HTMLInputElement>('form input, form select')]
    .filter((control) => control.required)
    .map((control) => control.name);
export const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
export const submitForm = () => fireEvent.submit(document.querySelector('form') as HTMLFormElement);
export const pageAlert = (name: string) => document.getElementById(`${name}-error`)?.textContent;

export function fillUsAddress() {
  type(/Street address/, '1 Market St');
  type(/City/, 'San Fransisco');
  type(/State/, 'CA');
  type(/ZIP code/, '94105');
}
export const typed: EmergencyAddress = {
  country: 'US',
  customerName: 'Nora Castlemaine',
  street: '1 Market St',
  city: 'San Fransisco',
  state: 'CA',
  zip: '94105',
};

/** No axe violations on the page as it stands (jsdom has no colours: contrast is checked on the tokens). */
export async function expectAccessible() {
  document.documentElement.lang = 'en-US';
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}
