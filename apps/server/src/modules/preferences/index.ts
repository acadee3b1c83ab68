export { preferencesRoutes } from './preferences.routes.ts';
