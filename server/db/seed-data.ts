/**
 * The demo world the reference server seeds (documented in the README), one import point: brands
 * (seed-brands.ts), apps (seed-clients.ts), accounts (seed-demo-users.ts and the feature demos it
 * gathers) and countries (seed-countries.ts). Names are fictional; country ids follow
 * /work/shared/reference/platform-facts.md.
 */

export { ACCOUNT_DEMOS } from './seed-account.ts';
export { DEFAULT_BRAND_ID, SEED_BRANDS } from './seed-brands.ts';
export * from './seed-clients.ts';
export { COUNTRIES } from './seed-countries.ts';
export {
  SEED_USERS,
  STATE_DEMOS,
  TOTP_DEMO_EMAIL,
  TOTP_DEMO_SECRET,
  TWO_FACTOR_DEMOS,
} from './seed-demo-users.ts';
export { type SeedUser, STATE_DEMO_PASSWORD } from './seed-user.ts';
