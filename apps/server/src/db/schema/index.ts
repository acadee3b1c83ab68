export * from './assistant.ts';
export * from './auth.ts';
export * from './documents.ts';
export * from './teams.ts';
