/**
 * The query keys that more than one feature (or the app's realtime refresh) touches; each feature builds its own keys
 * under these roots in its `api/`. Invalidating a root refreshes everything beneath it.
 */

/** The signed-in user's team role: a team change (new team, accepted invitation, role change) alters it. */
export const ROLE_QUERY_KEY = ['me', 'role'] as const;

/** The team's data; its figures (space count, activity) also change with the spaces. */
export const TEAM_QUERY_KEY = ['team'] as const;

/** The spaces: lists, details, members and files. */
export const SPACES_QUERY_KEY = ['spaces'] as const;

/** The documents' lists and each document's own status. */
export const DOCUMENTS_QUERY_KEY = ['documents'] as const;

const WORK_ITEMS_QUERY_KEY = ['work-items'] as const;
export const TASKS_QUERY_KEY = [...WORK_ITEMS_QUERY_KEY, 'tasks'] as const;
export const SHARED_FILES_QUERY_KEY = [...WORK_ITEMS_QUERY_KEY, 'shared-files'] as const;

/** The conversation list (exact) and each conversation beneath it; a chat turn refreshes the list. */
export const CONVERSATIONS_QUERY_KEY = ['conversations'] as const;

/** The Daily Updates figures, which a chat turn changes. */
export const DAILY_UPDATES_QUERY_KEY = ['me', 'daily-updates'] as const;

/** The connected services (integrations) of the signed-in user, and each connection's failed items beneath. */
export const INTEGRATIONS_QUERY_KEY = ['integrations'] as const;

/** Requests for integrations Lumen does not have: the caller's own (the card) and the team's (the admins' list). */
export const INTEGRATION_REQUESTS_QUERY_KEY = ['integration-requests'] as const;
