export * from './auth.ts';
export * from './authorisation.ts';
export * from './config.ts';
export * from './envelope.ts';
export * from './startup.ts';
