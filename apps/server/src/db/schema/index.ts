export * from './auth.ts';
export * from './teams.ts';
