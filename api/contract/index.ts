export * from './auth.ts';
export * from './authorisation.ts';
export * from './brand-assets.ts';
export * from './config.ts';
export * from './envelope.ts';
export * from './identity.ts';
export * from './number.ts';
export * from './startup.ts';
