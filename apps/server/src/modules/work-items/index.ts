/** The work items module: tasks and shared files. */
export { workItemsRoutes } from './work-items.routes.ts';
