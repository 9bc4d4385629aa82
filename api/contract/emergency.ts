/**
 * Emergency address (E911): spec §3 records, §7 calls (/api/config/states, /api/config/address-format,
 * /api/account/extension-*, list-*, add-/delete-emergency-location, validate-address,
 * register-virtual-line). Most shapes are "not shown", so they are ours: docs/emergency-address.md.
 * Not re-exported from index.ts: the emergency-address chunk imports it, the first screen does not.
 * One import point for the parts: the address, locations, the line's registration, and the refusals.
 */

export * from './emergencyAddress.ts';
export * from './emergencyErrors.ts';
export * from './emergencyLocations.ts';
export * from './emergencyRegistration.ts';
