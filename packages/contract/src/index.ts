export * from './auth.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './health.ts';
export * from './realtime.ts';
export * from './roles.ts';
export * from './assistant.ts';
