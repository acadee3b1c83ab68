export * from './assistant.ts';
export * from './assistant-api.ts';
export * from './auth.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './health.ts';
export * from './realtime.ts';
export * from './roles.ts';
