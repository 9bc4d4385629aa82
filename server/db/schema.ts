// The core tables, one import point for the services: brands, users, sessions, OAuth, rate limits. Each
// feature's own tables (schema.account.ts, schema.two-factor.ts, ...) import the parts they reference
// directly, never this file, so the imports run one way.

export * from './schema.brands.ts';
export { oneOf } from './schema.columns.ts';
export * from './schema.oauth.ts';
export * from './schema.rate-limits.ts';
export * from './schema.sessions.ts';
export * from './schema.users.ts';
