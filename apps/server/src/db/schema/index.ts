export * from './assistant.ts';
export * from './auth.ts';
export * from './documents.ts';
export * from './jobs.ts';
export * from './search.ts';
export * from './team-members.ts';
export * from './teams.ts';
